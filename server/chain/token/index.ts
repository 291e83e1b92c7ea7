export { decodeCampaignMint, readCampaignMint, type CampaignMint, type MintAccountData } from './readMint';
export { rentExemptLamports } from './rent';
export { signTransaction } from './sign';
