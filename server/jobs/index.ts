// Every background job of the worker role. Add a job here (one file per job in this folder).

import type { Job } from './runner';
import { expireQuotesJob } from './expireQuotes';

export const jobs: Job[] = [
  expireQuotesJob,
];

export { startJobs, jobLockKey, type Job, type JobRunner } from './runner';
