import { toast } from 'sonner';

// The authentication toasts of spec 1 sections 5 and 8, verbatim.

export function toastWalletFeatureUnavailable(): void {
  toast.error('Wallet feature not available', { description: "Your wallet doesn't support message signing. Please try reconnecting." });
}

export function toastAuthenticationCancelled(): void {
  toast('Authentication cancelled', { description: "Sign the message when you're ready to continue" });
}

export function toastAuthenticationFailed(): void {
  toast.error('Authentication failed', { description: 'Failed to authenticate wallet. Please try again.' });
}

export function toastAuthenticationRequired(): void {
  toast.error('Authentication Required', { description: 'Wallet disconnected. Connect your wallet and sign the message to continue.' });
}

export function toastWalletNotConnected(): void {
  toast.error('Wallet not connected', { description: 'Please connect your wallet first' });
}

/** Before an action that needs a signed-in wallet (campaign creation): spec 1 section 5. */
export function toastNotAuthenticated(): void {
  toast.error('Authentication required', { description: 'Please authenticate your wallet first' });
}
