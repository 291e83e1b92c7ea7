import { configureClusterOfficialToken, launchOfficialToken } from '../official/launchOfficial';
import { tradeIntoOfficialToken } from '../official/demoTrades';
import type { Job } from './runner';

/**
 * The official token: on a test network (local mode, or a ledger process) launched once on the first start (then traded by the
 * demo wallets when the demo is on); with a cluster, the operator's configured token and pool.
 */
export const officialTokenJob: Job = {
  name: 'official-token',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: async (services) => {
    const { env } = services;
    if (!env.testNetwork) {
      if (env.OFFICIAL_TOKEN_ADDRESS && env.OFFICIAL_POOL_ADDRESS) {
        await configureClusterOfficialToken(services, env.OFFICIAL_TOKEN_ADDRESS, env.OFFICIAL_POOL_ADDRESS);
      }
      return;
    }
    if (!env.OFFICIAL_TOKEN_LAUNCH) return;
    const { mint, launched } = await launchOfficialToken(services);
    if (launched && env.DEMO_CAMPAIGNS) await tradeIntoOfficialToken(services, mint);
  },
};
