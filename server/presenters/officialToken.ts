import { formatTokenAmount, lamportsToSolString } from '../../core/money';
import type { CampaignMint } from '../chain/token';
import type { officialToken } from '../db/schema';
import type { Env } from '../env';
import { officialLinksOf } from '../official/links';
import { presentMintAuthorities } from './mintAuthorities';
import type { OfficialFigures } from '../official/figures';
import type { LinePaid, TokenomicsPaid } from '../official/tokenomicsPaid';
import { taxPointsOf, type OfficialPoolTerms } from '../official/poolTerms';

type Row = typeof officialToken.$inferSelect;

/**
 * The mint as a safety check reads it: null authorities are revoked ones. On its own DBC pool the
 * tax is no transfer fee but the pool's fee, fixed in its config, claimed by `feeClaimer` alone.
 */
export function presentOfficialSafety(mint: CampaignMint, pool: OfficialPoolTerms | null) {
  return {
    tokenAddress: mint.address,
    supply: mint.supply.toString(),
    decimals: mint.decimals,
    transferFeeBps: mint.transferFee?.bps ?? null,
    poolFeeBps: pool?.poolFeeBps ?? null,
    protocolSharePercent: pool?.protocolSharePercent ?? null,
    feeClaimer: pool?.feeClaimer ?? null,
    poolAddress: pool?.pool ?? null,
    dammPool: pool?.dammPool ?? null,
    ...presentMintAuthorities(mint),
  };
}

/**
 * `protocolSharePercent`: on a DBC pool, the share of the fee DBC's protocol keeps; the lines'
 * percents are then shares of what is claimed, and their tax points what that is of each trade.
 */
export function presentOfficialToken(row: Row, configuredLinks: Env['OFFICIAL_LINKS'], protocolSharePercent: number | null = null) {
  return {
    symbol: row.symbol,
    name: row.name,
    tokenAddress: row.tokenAddress,
    poolAddress: row.poolAddress,
    totalTaxBps: row.totalTaxBps,
    totalTaxPercent: row.totalTaxBps / 100,
    protocolSharePercent,
    tokenomics: protocolSharePercent === null ? row.tokenomics
      : row.tokenomics.map((line) => ({ ...line, taxPoints: taxPointsOf(line.percent, row.totalTaxBps, protocolSharePercent) })),
    roadmap: row.roadmap,
    // The operator's OFFICIAL_LINKS over the defaults; none while the token is the seed's sample.
    links: officialLinksOf(row, configuredLinks),
    refreshIntervalMs: row.refreshIntervalMs,
    // 'local' (launched here), 'cluster' (the operator's) or 'sample' (not launched yet).
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const line = (paid: LinePaid) => ({ paidSol: lamportsToSolString(paid.lamports), paidLamports: paid.lamports.toString(), latestSignature: paid.latestSignature });

/** The price bar's figures and what the tokenomics have paid (GET /api/official-token/market). */
export function presentOfficialMarket(figures: OfficialFigures, paid: TokenomicsPaid) {
  return {
    ...figures,
    supplyTokens: figures.supply === null ? null : formatTokenAmount(BigInt(figures.supply)),
    paid: {
      // Keyed by the tokenomics lines' labels, in their order.
      'Holder Rewards': line(paid.holders),
      Buyback: line(paid.buyback),
      'Charity Giveaways': line(paid.charity),
      Platform: line(paid.platform),
    },
    burnedTokens: formatTokenAmount(paid.burnedTokens),
    burnedBaseUnits: paid.burnedTokens.toString(),
    distributionRuns: paid.runs,
    lastDistributedAt: paid.lastPaidAt?.toISOString() ?? null,
    charityPayouts: paid.charityPayouts.map((p) => ({
      name: p.name, wallet: p.wallet, paidSol: lamportsToSolString(p.lamports), paidLamports: p.lamports.toString(), signature: p.signature, paidAt: p.paidAt?.toISOString() ?? null,
    })),
  };
}
