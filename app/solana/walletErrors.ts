import { isUserRejection } from './txErrors';

export type WalletErrorKind = 'ignore' | 'extension' | 'not-found' | 'connection' | 'other';

const EXTENSION_LOST = /Could not establish connection|Receiving end does not exist/i;
const CONNECT_ERRORS = new Set([
  'WalletConnectionError', 'WalletAccountError', 'WalletPublicKeyError', 'WalletTimeoutError', 'WalletLoadError',
]);

/**
 * How the wallet error handler treats an adapter error: user rejections are ignored, a lost
 * extension gets the refresh toast, connect failures are retried then reported. Errors of
 * signing and sending ('other') are left to the action that asked, which shows its own toast.
 */
export function classifyWalletError(error: unknown): WalletErrorKind {
  if (isUserRejection(error)) return 'ignore';
  const err = error as { name?: string; message?: string; error?: { message?: string } } | null;
  const text = `${err?.message ?? ''} ${err?.error?.message ?? ''}`;
  if (EXTENSION_LOST.test(text)) return 'extension';
  if (err?.name === 'WalletNotReadyError') return 'not-found';
  if (err?.name && CONNECT_ERRORS.has(err.name)) return 'connection';
  return 'other';
}

// A lost extension connection, or the wallet's own noise, must not reach the page as an error.
const SUPPRESSED = /Could not establish connection|Receiving end does not exist|Extension context invalidated|disconnected port|phantom/i;

export function isSuppressedWindowError(message: string): boolean {
  return SUPPRESSED.test(message);
}

/** Installs the window-level filter; returns its removal. */
export function suppressExtensionErrors(): () => void {
  const onError = (event: ErrorEvent) => {
    if (isSuppressedWindowError(`${event.message} ${event.error?.message ?? ''}`)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: string } | string | undefined;
    const message = typeof reason === 'string' ? reason : reason?.message ?? '';
    if (isSuppressedWindowError(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection, true);
  return () => {
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection, true);
  };
}
