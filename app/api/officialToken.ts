import { useQuery } from '@tanstack/react-query';
import { api } from './client';

// The official token page: its configuration and its live figures. Both sit under
// officialTokenKey, which the 'curve_trade' and 'official_distribution' live events invalidate.

export const officialTokenKey = ['official-token'] as const;

export type RoadmapPhase = { phase: string; title: string; status: 'completed' | 'in-progress' | 'upcoming'; items: string[] };
export type TokenomicsLine = { label: string; percent: number; taxPoints: number };

export type OfficialToken = {
  symbol: string;
  name: string;
  tokenAddress: string;
  poolAddress: string;
  totalTaxBps: number;
  totalTaxPercent: number;
  /** On its own DBC pool: the share of the fee DBC's protocol keeps (the lines share the rest); null otherwise. */
  protocolSharePercent: number | null;
  tokenomics: TokenomicsLine[];
  roadmap: RoadmapPhase[];
  links: Partial<Record<'chart' | 'trade' | 'dashboard' | 'safety' | 'revenueShare' | 'createPool', string>>;
  refreshIntervalMs: number;
  source: 'local' | 'cluster' | 'sample';
};

export type LinePaid = { paidSol: string; paidLamports: string; latestSignature: string | null };

export type OfficialMarket = {
  price: number | null;
  priceChange24h: number | null;
  priceChange6h: number | null;
  priceChange1h: number | null;
  priceChange5m: number | null;
  marketCap: number | null;
  fdv: number | null;
  volume24h: number | null;
  volume5m: number | null;
  holders: number | null;
  supply: string | null;
  supplyTokens: string | null;
  /** The token's logo: the launch's upload here, the market-data site's on a cluster. */
  imageUrl: string | null;
  lastUpdated: string | null;
  source: 'curve' | 'dexscreener' | 'birdeye' | null;
  paid: Record<string, LinePaid>;
  burnedTokens: string;
  burnedBaseUnits: string;
  distributionRuns: number;
  lastDistributedAt: string | null;
  charityPayouts: { name: string; wallet: string; paidSol: string; paidLamports: string; signature: string | null; paidAt: string | null }[];
};

export function useOfficialToken() {
  return useQuery({
    queryKey: [...officialTokenKey, 'config'],
    queryFn: () => api.get<OfficialToken>('/api/official-token'),
    staleTime: 60_000,
    // Local mode's first start launches the token a few seconds in: until then the page looks again often.
    refetchInterval: (query) => (query.state.data?.source === 'sample' ? 5_000 : false),
  });
}

/** Refreshed every `refreshMs` (the configuration's 30 s) and at once on trades and distribution runs. */
export function useOfficialMarket(refreshMs: number | undefined) {
  return useQuery({
    queryKey: [...officialTokenKey, 'market'],
    queryFn: () => api.get<OfficialMarket>('/api/official-token/market'),
    enabled: refreshMs !== undefined,
    refetchInterval: refreshMs,
  });
}

export type OfficialSafety = {
  tokenAddress: string;
  supply: string;
  decimals: number;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  transferFeeBps: number | null;
  /** On its own DBC pool: the fee each trade pays, fixed in the pool's config, and who alone may claim it. */
  poolFeeBps: number | null;
  protocolSharePercent: number | null;
  feeClaimer: string | null;
  poolAddress: string | null;
  /** Once graduated: the DAMM v2 pool its liquidity is locked in. */
  dammPool: string | null;
  transferFeeConfigAuthority: string | null;
  withdrawWithheldAuthority: string | null;
  metadataUpdateAuthority: string | null;
};

/** The mint's authorities and fee as the chain states them; only once the token is live. */
export function useOfficialSafety(live: boolean) {
  return useQuery({
    queryKey: [...officialTokenKey, 'safety'],
    queryFn: () => api.get<OfficialSafety>('/api/official-token/safety'),
    enabled: live,
    staleTime: 60_000,
  });
}
