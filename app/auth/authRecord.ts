/**
 * The spec's wallet auth record, kept in session storage for the tab while signed in. It
 * is a mirror for the client only: the server's session cookie is what grants rights and
 * decides whether a reload needs a new signature.
 */
export type WalletAuthRecord = { wallet: string; timestamp: number; nonce: string; signatureHash: string; message: string };

export const AUTH_RECORD_KEY = 'causemintWalletAuth';

function storage(): Storage | null {
  try { return window.sessionStorage; } catch { return null; }
}

export function writeAuthRecord(record: WalletAuthRecord): void {
  storage()?.setItem(AUTH_RECORD_KEY, JSON.stringify(record));
}

export function clearAuthRecord(): void {
  storage()?.removeItem(AUTH_RECORD_KEY);
}

/** sha256 hex of the base58 signature: the record never holds the signature itself. */
export async function signatureHash(signature: string): Promise<string> {
  // WebCrypto exists only in secure contexts (https, localhost); the record is optional.
  if (!globalThis.crypto?.subtle) return '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(signature));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
