import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

type Sol = { lamports: string; sol: string };

export type ProofRunSignatures = { harvest: string[]; withdraw: string[]; topUp: string[]; sell: string[]; payout: string[]; claim: string[] };

/** One distributor run; amounts are null until the run reached that step. */
export type ProofRun = {
  id: string;
  /** partner_claim: the platform's share of the pool's fee, claimed to its treasury (not the cause's). */
  kind: 'campaign' | 'official' | 'dbc_claim' | 'partner_claim';
  state: 'started' | 'harvested' | 'withdrawn' | 'sold' | 'paid';
  startedAt: string;
  paidAt: string | null;
  collectedTokens: string | null;
  soldTokens: string | null;
  soldLamports: string | null;
  donatedLamports: string | null;
  platformFeeLamports: string | null;
  networkFeeLamports: string | null;
  signatures: ProofRunSignatures;
};

/** GET /api/campaigns/{tokenAddress}/proof: token amounts in base units, lamports as decimal strings. */
export type CampaignProof = {
  tokenAddress: string;
  slot: string;
  wallets: { distributor: string | null; donation: string | null; treasury: string };
  authorities: {
    mintAuthority: string | null;
    freezeAuthority: string | null;
    transferFeeConfigAuthority: string | null;
    withdrawWithheldAuthority: string | null;
    metadataUpdateAuthority: string | null;
  };
  token: { supply: string; decimals: number; transferFeeBps: number } | null;
  withheld: { totalTokens: string; inMintTokens: string; inAccountsTokens: string; accounts: number };
  collected: { tokens: string; unsoldTokens: string };
  sold: Sol & { tokens: string };
  platformFee: Sol;
  delivered: Sol;
  undelivered: Sol & { distributorLamports: string; rentExemptLamports: string };
  /** dbc: a campaign on its own pool, whose fee is claimed in SOL (accrued = delivered + unclaimed) instead of withheld and sold. */
  program: 'custodial' | 'dbc';
  /** accrued (the cause's) = delivered + unclaimed; `platform`: the platform's share of the fee, when it takes one, claimed to the treasury. */
  claims: { accrued: Sol; unclaimed: Sol; platform: { accrued: Sol; claimed: Sol; unclaimed: Sol } } | null;
  runs: { total: number; paid: number; limit: number; offset: number; items: ProofRun[] };
};

/** Live `donation` events (a payout) make it stale with the donations. */
export const proofRootKey = ['proof'] as const;

export function useCampaignProof(tokenAddress: string | undefined, page: { limit: number; offset: number } = { limit: 10, offset: 0 }) {
  return useQuery({
    queryKey: [...proofRootKey, tokenAddress, page.limit, page.offset],
    queryFn: () => api.get<CampaignProof>(`/api/campaigns/${encodeURIComponent(tokenAddress!)}/proof?limit=${page.limit}&offset=${page.offset}`),
    enabled: Boolean(tokenAddress),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
