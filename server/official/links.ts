import { explorerTokenUrl } from '../../core/explorer';
import type { OfficialLinks } from '../db/schema';
import type { Env } from '../env';

/**
 * The six outbound links of a token launched on the local ledger: no outside site knows
 * it, so they point at this app's own pages and at Solana Explorer reading our /api/rpc.
 */
export function localOfficialLinks(env: Pick<Env, 'publicUrl'>, mint: string): OfficialLinks {
  const explorer = explorerTokenUrl(mint, { cluster: 'localnet', origin: env.publicUrl });
  return {
    chart: '/official-token#price',
    trade: '/official-token#trade',
    dashboard: explorer,
    safety: explorer,
    revenueShare: '/official-token#tokenomics',
    createPool: '/start-campaign',
  };
}
