import { CurveConfigsMissingError, ensureCurveConfigs } from '../curve/configs';
import type { Job } from './runner';

/**
 * The platform's DBC configs (server/curve/configs.ts): on a test network created on the first
 * start; on a real cluster the operator creates them (`npm run curve:configs`), and until then
 * this says so in the log at every run instead of failing a campaign's launch unexplained.
 */
export const curveConfigsJob: Job = {
  name: 'curve-configs',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: async (services) => {
    try {
      await ensureCurveConfigs(services);
    } catch (err) {
      if (!(err instanceof CurveConfigsMissingError)) throw err;
      services.log.warn(err.message);
    }
  },
};
