import { refreshStaleVolumes } from '../market/refreshVolumes';
import type { Job } from './runner';

/**
 * Every minute: campaigns' cached 24h volumes that trades no longer refresh (a token that
 * stopped trading) are recomputed from our stored trades, so cards, Explore and
 * sort=volume_24h stop showing a volume from days ago (server/market/refreshVolumes.ts).
 */
export const refreshMarketFiguresJob: Job = {
  name: 'refresh-market-figures',
  everyMs: 60_000,
  runAtStart: true,
  run: async (services) => {
    const changed = await refreshStaleVolumes(services);
    if (changed > 0) services.log.debug({ changed }, 'refreshed stale 24h volumes');
  },
};
