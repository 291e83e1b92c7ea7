// Every background job of the worker role. Add a job here (one file per job in this folder).

import type { Job } from './runner';

export const jobs: Job[] = [];

export { startJobs, jobLockKey, type Job, type JobRunner } from './runner';
