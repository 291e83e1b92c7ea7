import { toast } from 'sonner';

// The profile toasts of spec 1 sections 5 and 8, verbatim.

export const toastUsernameSaved = () => toast.success('Username saved', { description: 'Your username has been updated' });
/** A refusal names its reason (the server's 'Username must be at most 50 characters'); anything else is the spec's text. */
export const toastUsernameSaveFailed = (reason?: string) => toast.error('Save failed', { description: reason ?? 'Failed to save username. Please try again.' });
export const toastPhotoUploaded = () => toast.success('Photo uploaded', { description: 'Your profile photo has been updated' });
export const toastPhotoUploadFailed = () => toast.error('Upload failed', { description: 'Failed to upload profile photo. Please try again.' });
export const toastPhotoTooLarge = () => toast.error('File too large', { description: 'Please choose an image under 3MB' });
