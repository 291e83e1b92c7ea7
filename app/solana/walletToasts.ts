import { toast } from 'sonner';
import { PHANTOM_INSTALL_URL } from './phantom';

// The wallet toasts of spec 1 section 8, verbatim.

export function toastWalletExtensionIssue(): void {
  toast.error('Wallet Extension Issue', {
    description: 'Phantom is having trouble connecting. Please refresh the page or check if the extension is enabled.',
    action: { label: 'Refresh', onClick: () => window.location.reload() },
  });
}

/** The extension is installed but stalls (a timeout, a provider that fails to load). */
export function toastExtensionIssue(): void {
  toast('Extension Issue', {
    description: 'Having trouble connecting to Phantom. Please refresh the page.',
    action: { label: 'Refresh', onClick: () => window.location.reload() },
  });
}

/** A wallet error no other toast covers. */
export function toastUnexpectedWalletError(): void {
  toast.error('Error', { description: 'An unexpected error occurred. Please try again.' });
}

export function toastWalletNotFound(): void {
  toast.error('Wallet Not Found', {
    description: 'Please install Phantom wallet extension to continue.',
    action: { label: 'Install', onClick: () => window.open(PHANTOM_INSTALL_URL, '_blank', 'noopener,noreferrer') },
  });
}

export function toastConnectionFailed(message: string): void {
  toast.error('Connection Failed', { description: message || 'An unexpected error occurred. Please try again.' });
}

export function toastOpeningPhantom(): void {
  toast('Opening Phantom', { description: 'Redirecting to Phantom wallet...' });
}

export function toastAddressCopied(): void {
  toast.success('Wallet Address Copied');
}
