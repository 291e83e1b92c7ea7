// Assembles a campaign's trust facts from our indexes (curve_trades, launch_requests,
// campaigns, donation_wallet_proofs, verified_charities, distribution_runs) and the chain
// read through the chain service: the mint's accounts once (readHolders, as every holder count),
// the mint itself, reads that are kept (the launch slot, first fundings, the creator's token
// account's transactions). Never a scan of the chain's history.

import { and, eq, inArray } from 'drizzle-orm';
import type { TrustFacts } from '../../core/trust';
import { DAMM_V2_POOL_AUTHORITY, DBC_POOL_AUTHORITY } from '../chain/ledger/genesis/meteora';
import { readCampaignMint } from '../chain/token';
import { campaigns, curvePools, curveTrades } from '../db/schema';
import { findPublicCampaign } from '../policies/campaigns';
import { platformAddressesIn, readHolders } from '../market/holders';
import type { Services } from '../services';
import { causeFacts } from './cause';
import { creatorHistoryFacts } from './creatorHistory';
import { creatorTradeFacts } from './creatorTrades';
import { earlyBuyerFacts } from './earlyBuyers';
import { creatorTransfers } from './creatorTransfers';
import { fundingFacts } from './fundingClusters';
import { holderFacts } from './holderFacts';
import { launchRecordOf, launchSlotOf } from './launchRecord';

export type TrustCampaign = typeof campaigns.$inferSelect & { tokenAddress: string };

/** The campaign as the public sees it (404 'Campaign not found' for an unknown token or the hidden TEST ticker). */
export async function trustCampaignByToken(services: Services, tokenAddress: string): Promise<TrustCampaign> {
  return { ...await findPublicCampaign(services, tokenAddress), tokenAddress };
}

const SIGNATURE_LOOKUP_CHUNK = 5_000;

/** Which of these signatures are curve trades of the mint (the creator's, the initial buy). */
async function tradesAmong(db: Services['db'], mint: string, signatures: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < signatures.length; i += SIGNATURE_LOOKUP_CHUNK) {
    const rows = await db.select({ signature: curveTrades.signature }).from(curveTrades)
      .where(and(eq(curveTrades.mint, mint), inArray(curveTrades.signature, signatures.slice(i, i + SIGNATURE_LOOKUP_CHUNK))));
    for (const r of rows) found.add(r.signature);
  }
  return found;
}

export async function computeTrustFacts(services: Services, campaign: TrustCampaign): Promise<TrustFacts> {
  const { db, chain } = services;
  const mint = campaign.tokenAddress;
  const creatorWallet = campaign.creatorWallet;
  const [launch, [pool], book, mintAccount, transfers] = await Promise.all([
    launchRecordOf(db, mint),
    db.select({ poolWallet: curvePools.poolWallet, program: curvePools.program, dammPool: curvePools.dammPool }).from(curvePools).where(eq(curvePools.mint, mint)),
    // A provider that refuses program-account scans leaves the holder figures unknown, not wrong.
    readHolders(services, mint).catch((err: unknown) => {
      services.log.warn({ err, mint }, 'trust: holders scan failed');
      return null;
    }),
    readCampaignMint(chain.connection, mint).catch((err: unknown) => {
      services.log.warn({ err, mint }, 'trust: mint read failed');
      return null;
    }),
    creatorTransfers(chain, mint, creatorWallet, (signatures) => tradesAmong(db, mint, signatures)).catch((err: unknown) => {
      services.log.warn({ err, mint }, 'trust: the creator\'s token history could not be read');
      return null;
    }),
  ]);
  const balances = book?.balances ?? null;
  const poolWallet = pool?.poolWallet ?? campaign.poolAddress;
  const metadataAuthority = mintAccount?.metadata?.updateAuthority ?? null;
  const platform = new Set([...(book?.platform ?? []), ...await platformAddressesIn(services, metadataAuthority ? [metadataAuthority] : [])]);
  const initialBuySignature = launch?.buySignature ?? null;
  const [creatorTrades, launchSlot, cause, creatorHistory] = await Promise.all([
    creatorTradeFacts(db, mint, creatorWallet, initialBuySignature),
    launchSlotOf(chain, mint, launch),
    causeFacts(db, chain, campaign),
    creatorHistoryFacts(db, creatorWallet, campaign.id),
  ]);
  const earlyBuyers = launchSlot === null || balances === null ? null : await earlyBuyerFacts(db, {
    mint, launchSlot, creatorWallet, initialBuySignature, isPlatform: (w) => platform.has(w), balances,
  });
  // A DBC pool's unsold tokens sit in its vault, owned by the program's pool authority (after graduation
  // the DAMM v2 pool's): that owner is the pool in the Holders tab, not a platform wallet.
  const pools = pool?.program === 'dbc' ? [DBC_POOL_AUTHORITY, ...(pool.dammPool ? [DAMM_V2_POOL_AUTHORITY] : [])] : poolWallet ? [poolWallet] : [];
  const holders = balances && holderFacts(balances, { pools, distributor: campaign.distributorWallet, creator: creatorWallet, platform });
  const funding = holders && balances && await fundingFacts(db, chain, {
    mint, creatorWallet, initialBuySignature, balances,
    holders: holders.top.filter((h) => h.label === null), isPlatform: (wallets) => platformAddressesIn(services, wallets),
  }).catch((err: unknown) => {
    services.log.warn({ err, mint }, 'trust: funding clusters failed');
    return null;
  });
  return {
    tokenAddress: mint,
    asOf: services.now(),
    authorities: mintAccount && {
      mintAuthority: mintAccount.mintAuthority,
      freezeAuthority: mintAccount.freezeAuthority,
      feeConfigAuthority: mintAccount.transferFee?.configAuthority ?? null,
      withdrawWithheldAuthority: mintAccount.transferFee?.withdrawWithheldAuthority ?? null,
      metadataUpdateAuthority: metadataAuthority,
      distributorWallet: campaign.distributorWallet,
      poolWallet,
      poolProgram: pool?.program ?? 'custodial',
      dammPool: pool?.dammPool ?? null,
      metadataAuthorityIsPlatform: metadataAuthority !== null && platform.has(metadataAuthority),
      transferFeeBps: mintAccount.transferFee?.bps ?? null,
    },
    holders,
    creatorTrades: {
      ...creatorTrades,
      transferredOutTokens: transfers?.outTokens ?? null,
      transferredInTokens: transfers?.inTokens ?? null,
      transfersExact: transfers?.exact ?? false,
      funded: funding?.creatorFunded ?? null,
    },
    earlyBuyers,
    fundingClusters: funding?.clusters ?? null,
    curveBoughtTokens: funding?.curveBoughtTokens ?? 0n,
    cause,
    creatorHistory,
  };
}
