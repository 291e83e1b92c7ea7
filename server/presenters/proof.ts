import { lamportsToSolString } from '../../core/money';
import type { CampaignProof, ProofRun } from '../proof/campaignProof';
import { presentMintAuthorities } from './mintAuthorities';

const sol = (lamports: bigint) => ({ lamports: lamports.toString(), sol: lamportsToSolString(lamports) });
const opt = (value: bigint | null) => (value === null ? null : value.toString());

function presentRun(run: ProofRun) {
  return {
    id: run.id,
    kind: run.kind,
    state: run.state,
    startedAt: run.startedAt.toISOString(),
    paidAt: run.paidAt?.toISOString() ?? null,
    collectedTokens: opt(run.collectedTokens),
    soldTokens: opt(run.soldTokens),
    soldLamports: opt(run.soldLamports),
    donatedLamports: opt(run.donatedLamports),
    platformFeeLamports: opt(run.platformFeeLamports),
    networkFeeLamports: opt(run.networkFeeLamports),
    signatures: run.signatures,
  };
}

/**
 * A campaign's proof of funds as GET /api/campaigns/{tokenAddress}/proof answers it:
 * token amounts in base units and lamports as decimal strings (SOL beside them).
 */
export function presentProof(proof: CampaignProof, page: { limit: number; offset: number }) {
  const { mint, withheld, distributor, totals } = proof;
  return {
    tokenAddress: proof.tokenAddress,
    slot: proof.slot.toString(),
    wallets: proof.wallets,
    authorities: presentMintAuthorities(mint),
    token: mint && {
      supply: mint.supply.toString(),
      decimals: mint.decimals,
      transferFeeBps: mint.transferFee?.bps ?? 0,
    },
    withheld: {
      totalTokens: (withheld.inMint + withheld.inAccounts).toString(),
      inMintTokens: withheld.inMint.toString(),
      inAccountsTokens: withheld.inAccounts.toString(),
      accounts: withheld.accounts,
    },
    collected: { tokens: totals.collectedTokens.toString(), unsoldTokens: distributor.unsoldTokens.toString() },
    sold: { tokens: totals.soldTokens.toString(), ...sol(totals.soldLamports) },
    platformFee: sol(totals.platformFeeLamports),
    delivered: sol(totals.donatedLamports),
    undelivered: {
      ...sol(distributor.undeliveredLamports),
      distributorLamports: distributor.lamports.toString(),
      rentExemptLamports: distributor.rentExemptLamports.toString(),
    },
    // A campaign on its own DBC pool: the fee in SOL, claimed (the cause's: accrued = delivered + unclaimed;
    // the platform's share: accrued = claimed + unclaimed, its claims also in platformFee).
    program: proof.claims ? 'dbc' as const : 'custodial' as const,
    claims: proof.claims && {
      accrued: sol(proof.claims.accruedLamports),
      unclaimed: sol(proof.claims.unclaimedLamports),
      platform: {
        accrued: sol(proof.claims.platform.accruedLamports),
        claimed: sol(proof.claims.platform.claimedLamports),
        unclaimed: sol(proof.claims.platform.unclaimedLamports),
      },
    },
    runs: {
      total: totals.runs,
      paid: totals.paidRuns,
      limit: page.limit,
      offset: page.offset,
      items: proof.runs.map(presentRun),
    },
  };
}
