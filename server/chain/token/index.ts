export {
  buildCampaignTokenTransactions, campaignTokenInstructions, transactionSize,
  type CampaignTokenParams, type CampaignTokenPlan,
} from './campaignToken';
export {
  MAX_HARVEST_SOURCES_PER_TX, buildCollectFeesTransaction, harvestWithheldInstruction, withdrawWithheldInstruction,
  type CollectFeesParams,
} from './withheldFees';
export { decodeCampaignMint, readCampaignMint, type CampaignMint, type MintAccountData } from './readMint';
export { rentExemptLamports } from './rent';
export { signCampaignTokenPlan, signTransaction } from './sign';
