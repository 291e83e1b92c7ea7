import { OFFICIAL_TOKEN_TAX_BPS } from '../../../core/constants';
import type { OfficialLinks, RoadmapPhase, TokenomicsLine } from '../schema';
import { sampleAddress } from './sampleAddress';

export const OFFICIAL_SYMBOL = 'CMINT';
export const OFFICIAL_NAME = 'Causemint';
export const OFFICIAL_REFRESH_MS = 30_000;

// The spec's split of the 10% tax: tax points are percent of the price, percent is share of the tax.
export const OFFICIAL_TOKENOMICS: TokenomicsLine[] = [
  { label: 'Holder Rewards', percent: 20, taxPoints: 2 },
  { label: 'Buyback', percent: 20, taxPoints: 2 },
  { label: 'Charity Giveaways', percent: 30, taxPoints: 3 },
  { label: 'Platform', percent: 30, taxPoints: 3 },
];

export const OFFICIAL_ROADMAP: RoadmapPhase[] = [
  { phase: 'Phase 1', title: 'Launch', status: 'completed', items: ['Token launch with 10% tax', 'Campaign launchpad live', 'Bonding-curve trading', 'Verified charities list'] },
  { phase: 'Phase 2', title: 'Growth', status: 'in-progress', items: ['Campaign verification programme', 'Holder rewards distribution', 'Creator dashboards and updates'] },
  { phase: 'Phase 3', title: 'Expansion', status: 'upcoming', items: ['Partnerships with registered charities', 'Mobile-first experience', 'Multi-language support'] },
  { phase: 'Phase 4', title: 'Ecosystem', status: 'upcoming', items: ['Community governance of charity giveaways', 'Public API for partners', 'Cross-campaign rewards'] },
];

/** The six outbound sites of the official token page for a token trading on a public cluster. */
export function clusterOfficialLinks(tokenAddress: string, poolAddress: string): OfficialLinks {
  return {
    chart: `https://dexscreener.com/solana/${poolAddress}`,
    trade: `https://jup.ag/swap/SOL-${tokenAddress}`,
    dashboard: `https://birdeye.so/token/${tokenAddress}?chain=solana`,
    safety: `https://rugcheck.xyz/tokens/${tokenAddress}`,
    revenueShare: `https://revshare.dev/token/${tokenAddress}`,
    createPool: `https://raydium.io/liquidity/create-pool/?mint=${tokenAddress}`,
  };
}

export function officialTokenSeed() {
  const tokenAddress = sampleAddress('official-token:mint');
  const poolAddress = sampleAddress('official-token:pool');
  const links = clusterOfficialLinks(tokenAddress, poolAddress);
  return {
    id: 1,
    symbol: OFFICIAL_SYMBOL,
    name: OFFICIAL_NAME,
    tokenAddress,
    poolAddress,
    totalTaxBps: OFFICIAL_TOKEN_TAX_BPS,
    refreshIntervalMs: OFFICIAL_REFRESH_MS,
    tokenomics: OFFICIAL_TOKENOMICS,
    roadmap: OFFICIAL_ROADMAP,
    links,
  };
}
