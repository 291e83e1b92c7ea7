export { DISTRIBUTOR_JOB_NAME, Distributor, distributorFor, type DistributionSummary } from './distributor';
