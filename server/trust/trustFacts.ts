// Assembles a campaign's trust facts from our indexes (curve_trades, launch_requests,
// campaigns, donation_wallet_proofs, verified_charities, distribution_runs) and the chain
// read through the chain service: the mint's accounts once, the mint itself, two status
// reads that are kept. Never a scan of the chain's history.

import { eq } from 'drizzle-orm';
import type { TrustFacts } from '../../core/trust';
import { readCampaignMint } from '../chain/token';
import { campaigns, curvePools } from '../db/schema';
import { findPublicCampaign } from '../policies/campaigns';
import { platformAddressesAmong } from '../policies/donationWallet';
import type { Services } from '../services';
import { causeFacts } from './cause';
import { creatorHistoryFacts } from './creatorHistory';
import { creatorTradeFacts } from './creatorTrades';
import { earlyBuyerFacts } from './earlyBuyers';
import { fundingClusterFacts } from './fundingClusters';
import { holderBalances } from './holderBalances';
import { holderFacts } from './holderFacts';
import { launchRecordOf, launchSlotOf } from './launchRecord';

export type TrustCampaign = typeof campaigns.$inferSelect & { tokenAddress: string };

/** The campaign as the public sees it (404 'Campaign not found' for an unknown token or the hidden TEST ticker). */
export async function trustCampaignByToken(services: Services, tokenAddress: string): Promise<TrustCampaign> {
  return { ...await findPublicCampaign(services, tokenAddress), tokenAddress };
}

// Each lookup binds every address once per platform column: chunks keep a token with many
// holders under PostgreSQL's 65,535 bound parameters.
const PLATFORM_LOOKUP_CHUNK = 5_000;
const KNOWN_ADDRESSES_MAX = 200_000;

// Whether an address is a platform key does not change (keys are made new, never taken over
// from a holder): kept per Services, as the donation indexer keeps it, so an answer looks up
// only holders it has not seen before (10,000 holders cost ~1 s of lookups on PGlite otherwise).
const knownByServices = new WeakMap<Services, Map<string, boolean>>();

async function platformAddressesIn(services: Services, addresses: string[]): Promise<Set<string>> {
  let known = knownByServices.get(services);
  if (!known) knownByServices.set(services, known = new Map());
  const unknown = [...new Set(addresses.filter((a) => !known.has(a)))];
  if (known.size + unknown.length > KNOWN_ADDRESSES_MAX) known.clear();
  for (let i = 0; i < unknown.length; i += PLATFORM_LOOKUP_CHUNK) {
    const chunk = unknown.slice(i, i + PLATFORM_LOOKUP_CHUNK);
    const platform = await platformAddressesAmong(services, chunk);
    for (const a of chunk) known.set(a, platform.has(a));
  }
  return new Set(addresses.filter((a) => known.get(a) ?? false));
}

/**
 * The creator's balance moves only by curve trades and transfers: what it lacks beyond its
 * sells left by transfer (net of transfers in, so a lower bound when tokens also came in).
 */
function netTransferredOut(bought: bigint, sold: bigint, heldNow: bigint): bigint {
  const out = bought - sold - heldNow;
  return out > 0n ? out : 0n;
}

export async function computeTrustFacts(services: Services, campaign: TrustCampaign): Promise<TrustFacts> {
  const { db, chain } = services;
  const mint = campaign.tokenAddress;
  const [launch, [pool], balances, mintAccount] = await Promise.all([
    launchRecordOf(db, mint),
    db.select({ poolWallet: curvePools.poolWallet }).from(curvePools).where(eq(curvePools.mint, mint)),
    // A provider that refuses program-account scans leaves the holder figures unknown, not wrong.
    holderBalances(chain, mint).catch((err: unknown) => {
      services.log.warn({ err, mint }, 'trust: holders scan failed');
      return null;
    }),
    readCampaignMint(chain.connection, mint).catch((err: unknown) => {
      services.log.warn({ err, mint }, 'trust: mint read failed');
      return null;
    }),
  ]);
  const poolWallet = pool?.poolWallet ?? campaign.poolAddress;
  const metadataAuthority = mintAccount?.metadata?.updateAuthority ?? null;
  const platform = await platformAddressesIn(services, [...(balances?.keys() ?? []), ...(metadataAuthority ? [metadataAuthority] : [])]);
  const initialBuySignature = launch?.buySignature ?? null;
  const [creatorTrades, launchSlot, cause, creatorHistory] = await Promise.all([
    creatorTradeFacts(db, mint, campaign.creatorWallet, initialBuySignature),
    launchSlotOf(chain, mint, launch),
    causeFacts(db, chain, campaign),
    creatorHistoryFacts(db, campaign.creatorWallet, campaign.id),
  ]);
  const earlyBuyers = launchSlot === null || balances === null ? null : await earlyBuyerFacts(db, {
    mint, launchSlot, creatorWallet: campaign.creatorWallet, initialBuySignature, isPlatform: (w) => platform.has(w), balances,
  });
  const holders = balances && holderFacts(balances, { pool: poolWallet, distributor: campaign.distributorWallet, creator: campaign.creatorWallet, platform });
  const fundingClusters = holders && await fundingClusterFacts(db, chain, {
    mint, holders: holders.top.filter((h) => h.label === null || h.label === 'creator'), isPlatform: (wallets) => platformAddressesIn(services, wallets),
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
      metadataAuthorityIsPlatform: metadataAuthority !== null && platform.has(metadataAuthority),
      transferFeeBps: mintAccount.transferFee?.bps ?? null,
    },
    holders,
    creatorTrades: { ...creatorTrades, transferredOutTokens: balances && netTransferredOut(creatorTrades.boughtTokens, creatorTrades.sells.tokens, balances.get(campaign.creatorWallet) ?? 0n) },
    earlyBuyers,
    fundingClusters,
    cause,
    creatorHistory,
  };
}
