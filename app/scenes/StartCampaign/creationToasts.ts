import { toast } from 'sonner';
import { txErrorMessage } from '../../solana/txErrors';

// The creation toasts of spec 1 section 8, verbatim.

export const toastLogoRequired = () => toast.error('Token logo required', { description: 'Please upload a logo for your token' });

const STORAGE_HINT = 'Could not upload to storage. Check that the storage API keys are configured.';
export const toastUploadFailed = (message: string | null) => toast.error('Upload failed', { description: message || STORAGE_HINT });

export const toastVideoUploadFailed = () => toast.warning('Video upload failed', { description: 'Failed to upload video. Continuing without video.' });
export const toastPhotosUploadFailed = () => toast.warning('Photos upload failed', { description: "Campaign created but photos couldn't be uploaded." });
export const toastMaxPhotos = () => toast.error('Maximum photos reached', { description: 'You can add up to 3 photos' });
export const toastFileRefused = (title: string, message: string) => toast.error(title, { description: message });

export const toastWalletNotConnectedForCreation = () => toast.error('Wallet not connected', { description: 'Please connect your wallet to create a campaign' });

/** 'Creation failed' with the wallet/chain mapping, else the raw message, else 'Failed to create campaign'. */
export function creationFailedDescription(err: unknown): string {
  return txErrorMessage(err, 'Failed to create campaign');
}

export const toastCreationFailed = (err: unknown) => toast.error('Creation failed', { description: creationFailedDescription(err) });

export const toastCampaignCreated = (ticker: string) => toast.success('Campaign created!', { description: `$${ticker} is live` });
