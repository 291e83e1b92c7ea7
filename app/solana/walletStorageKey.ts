/** Spec 1 section 4: the selection is remembered under a key named for the product's wallet. */
export const WALLET_STORAGE_KEY = 'causemintWallet';

export function hasRememberedWallet(): boolean {
  try { return Boolean(window.localStorage.getItem(WALLET_STORAGE_KEY)); } catch { return false; }
}
