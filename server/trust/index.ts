// The trust panel's facts (issue 23), computed from our indexes and the chain service, cached per mint.
export { TRUST_CACHE_MS, trustOf, type TrustAnswer, type TrustService } from './service';
export { computeTrustFacts, trustCampaignByToken } from './trustFacts';
export { walletProofOf } from './cause';
