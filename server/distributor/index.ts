export { DISTRIBUTOR_JOB_NAME, Distributor, distributorFor, type DistributionSummary } from './distributor';
export { DISTRIBUTOR_FLOAT_LAMPORTS } from './steps/sell';
export { findWithheldAccounts, type WithheldAccount } from './withheld';
