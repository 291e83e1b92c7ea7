import { isUserRejection } from './txErrors';

export type WalletErrorKind = 'ignore' | 'extension' | 'stalled' | 'not-found' | 'connection' | 'action' | 'unexpected';

const EXTENSION_LOST = /Could not establish connection|Receiving end does not exist/i;
const CONNECT_ERRORS = new Set(['WalletConnectionError', 'WalletAccountError', 'WalletPublicKeyError']);
// The extension is there but does not answer (it timed out, or failed to load its provider).
const STALLED_ERRORS = new Set(['WalletTimeoutError', 'WalletLoadError']);
// Errors of signing and sending: the action that asked shows its own toast (trade, creation, sign-in).
const ACTION_ERRORS = new Set([
  'WalletSignTransactionError', 'WalletSignMessageError', 'WalletSendTransactionError', 'WalletSignInError',
  'WalletNotConnectedError', 'WalletNotSelectedError',
]);

/**
 * How the wallet error handler treats an adapter error: user rejections (and a closed wallet
 * window) are ignored, a lost extension gets the refresh toast, a stalled one 'Extension
 * Issue', connect failures are retried then reported, a signing or sending error is left
 * to the action that asked, and anything else is the generic 'Error' toast.
 */
export function classifyWalletError(error: unknown): WalletErrorKind {
  if (isUserRejection(error)) return 'ignore';
  const err = error as { name?: string; message?: string; error?: { message?: string } } | null;
  const text = `${err?.message ?? ''} ${err?.error?.message ?? ''}`;
  if (EXTENSION_LOST.test(text)) return 'extension';
  const name = err?.name ?? '';
  if (name === 'WalletWindowClosedError') return 'ignore';
  if (name === 'WalletNotReadyError') return 'not-found';
  if (STALLED_ERRORS.has(name)) return 'stalled';
  if (CONNECT_ERRORS.has(name)) return 'connection';
  if (ACTION_ERRORS.has(name)) return 'action';
  return 'unexpected';
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
