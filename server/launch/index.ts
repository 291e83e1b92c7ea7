export { ABANDONED_AFTER_MS, LAUNCH_JOB_NAME, LAUNCH_MESSAGES, MAX_OPEN_PREPARED_PER_WALLET, Launcher, UNFINISHED_STATES, launcherFor, type CreateResult, type PrepareResult } from './launcher';
export { LAUNCH_BASE_LAMPORTS, amountToFund, isFunded } from './amounts';
export { metadataUri, tokenMetadataJson, campaignPageUrl } from './metadata';
