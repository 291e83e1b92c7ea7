// Every background job of the worker role. Add a job here (one file per job in this folder).

import type { Env } from '../env';
import type { Job } from './runner';
import { curveConfigsJob } from './curveConfigs';
import { demoActivityJob } from './demoActivity';
import { demoMarketJob } from './demoMarket';
import { distributorJob } from './distributor';
import { graduateCurvesJob } from './graduateCurves';
import { indexCurveSwapsJob } from './indexCurveSwaps';
import { indexDonationsJob } from './indexDonations';
import { resumeLaunchesJob } from './resumeLaunches';
import { officialTokenJob } from './officialToken';
import { pruneLimitsJob } from './pruneLimits';
import { refreshMarketFiguresJob } from './refreshMarketFigures';
import { refreshTrustFlagsJob } from './refreshTrustFlags';
import { sendMailJob } from './sendMail';

export function jobsFor(env: Env): Job[] {
  return [
    curveConfigsJob,
    resumeLaunchesJob,
    indexDonationsJob(env.DONATIONS_POLL_MS),
    indexCurveSwapsJob(),
    demoMarketJob,
    officialTokenJob,
    demoActivityJob(env.DEMO_ACTIVITY_MS),
    distributorJob(env.distributorIntervalMs),
    graduateCurvesJob,
    refreshMarketFiguresJob,
    refreshTrustFlagsJob,
    pruneLimitsJob,
    sendMailJob,
  ];
}

export { startJobs, jobLockKey, type Job, type JobRunner } from './runner';
export { indexDonationsJob } from './indexDonations';
