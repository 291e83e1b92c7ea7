import { useQuery } from '@tanstack/react-query';
import type { TrustVerdict } from '../../core/trust/verdict';
import { api, orNull } from './client';
import { fallbackPoll } from './liveStatus';
import { TRADING_POLL_MS, tradingKey } from './curve';

// GET /api/campaigns/{tokenAddress}/trust: what a careful donor should know, computed by the
// server from its indexes and the chain. Token amounts in base units and lamports as decimal
// strings, shares as percent strings of the circulating supply ("12.34"), times ISO strings;
// null where a fact is unknown or not computed yet. Under tradingKey(mint): a trade's live
// event refreshes it with the market.

type Sol = { lamports: string; sol: string };
type Totals = Sol & { count: number; tokens: string };

export type TrustSeverity = 'high' | 'medium' | 'low';
/** `since`: when a remembered flag (a dump) was first raised; its sentence says the day too. */
export type TrustFlag = { id: string; severity: TrustSeverity; sentence: string; since?: string };
export type { TrustVerdict };
export type HolderLabel = 'pool' | 'creator' | 'distributor' | 'platform';
export type TrustHolder = { wallet: string; tokens: string; percent: string | null; label: HolderLabel | null };

export type CampaignTrust = {
  tokenAddress: string;
  asOf: string;
  flags: TrustFlag[];
  /** The headline when no flag is listed ("Too early to judge holder concentration: 3 holders" below 21 holders), and that note beside flags. */
  verdict: TrustVerdict;
  authorities: { statements: string[]; distributorWallet: string | null; poolWallet: string | null } | null;
  holders: {
    circulatingTokens: string;
    holderCount: number;
    top10: { tokens: string; percent: string | null };
    creator: { tokens: string; percent: string | null };
    largest: { wallet: string; tokens: string; percent: string | null } | null;
    top: TrustHolder[];
  } | null;
  creatorTrades: {
    wallet: string;
    initialBuy: (Sol & { tokens: string; signature: string; time: string }) | null;
    buys: Totals;
    sells: Totals;
    boughtTokens: string;
    soldPercentOfBought: string | null;
    lastSellAt: string | null;
    transferredOutTokens: string | null;
    transferredInTokens: string | null;
    transfersExact: boolean;
    funded: { wallets: string[]; boughtTokens: string; soldTokens: string; lastSellAt: string | null } | null;
  };
  earlyBuyers: { launchSlot: string; slotsAfter: number; count: number; tokensNow: string; percent: string | null } | null;
  fundingClusters: {
    funder: string; fundedByCreator: boolean; wallets: string[]; tokensNow: string; percent: string | null;
    boughtTokens: string; soldTokens: string; soldPercentOfBought: string | null;
  }[] | null;
  cause: {
    donationWallet: string | null;
    kind: 'verified_charity' | 'creator_wallet' | 'proven' | 'unproven' | 'none';
    charityName: string | null;
    proof: { signer: string; provedAt: string; flow: 'confirmation_request'; sentence: string } | null;
    firstSeenAt: string | null;
    firstSeenExact: boolean;
    payouts: Sol & { count: number; lastAt: string | null };
    verification: 'verified' | 'pending' | 'rejected' | 'revoked' | 'not_requested';
  };
  creatorHistory: Sol & {
    count: number;
    graduated: number;
    soldMostWithinDay: number;
    campaigns: (Sol & { tokenAddress: string; name: string; ticker: string; graduated: boolean; createdAt: string; soldMostWithinDay: boolean })[];
  };
};

export function useTrust(mint: string) {
  return useQuery({
    queryKey: [...tradingKey(mint), 'trust'],
    queryFn: () => orNull(api.get<CampaignTrust>(`/api/campaigns/${encodeURIComponent(mint)}/trust`)),
    refetchInterval: fallbackPoll(TRADING_POLL_MS),
  });
}
