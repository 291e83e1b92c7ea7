import { toast } from 'sonner';
import { PHANTOM_INSTALL_URL } from './phantom';

// The wallet toasts of spec 1 section 8, verbatim.

export function toastWalletExtensionIssue(): void {
  toast.error('Wallet Extension Issue', {
    description: 'Phantom is having trouble connecting. Please refresh the page or check if the extension is enabled.',
    action: { label: 'Refresh', onClick: () => window.location.reload() },
  });
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
