import { explorerTokenUrl } from '../../core/explorer';
import type { OfficialLinks, officialToken } from '../db/schema';
import type { Env } from '../env';

/**
 * The six outbound links of a token launched on the local ledger: no outside site knows
 * it, so they point at this app's own pages and at Solana Explorer reading our /api/rpc.
 */
export function localOfficialLinks(env: Pick<Env, 'publicUrl'>, mint: string): OfficialLinks {
  return {
    // The trading page charts it from our own trades.
    chart: `/trade/${mint}`,
    trade: '/official-token#trade',
    dashboard: explorerTokenUrl(mint, { cluster: 'localnet', origin: env.publicUrl }),
    // The page's own check of the mint's authorities and fee, read from the chain.
    safety: '/official-token#safety',
    revenueShare: '/official-token#tokenomics',
    createPool: '/start-campaign',
  };
}

type Row = Pick<typeof officialToken.$inferSelect, 'source' | 'tokenAddress' | 'poolAddress' | 'links'>;

/**
 * The links the page shows: the row's defaults (local or cluster, written when the token
 * became real) with the operator's OFFICIAL_LINKS over them, {token} and {pool} filled in.
 * None for the seed's sample: its address is a placeholder no site (and no explorer) knows.
 */
export function officialLinksOf(row: Row, configured: Env['OFFICIAL_LINKS']): OfficialLinks {
  if (row.source === 'sample') return {};
  const fill = (href: string) => href.replaceAll('{token}', encodeURIComponent(row.tokenAddress)).replaceAll('{pool}', encodeURIComponent(row.poolAddress));
  const overrides = Object.entries(configured ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { ...row.links, ...Object.fromEntries(overrides.map(([key, href]) => [key, fill(href)])) };
}
