import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';

/** The part of `Storage` the Local wallet uses (window.localStorage in the browser). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const LOCAL_WALLET_KEY_STORAGE = 'causemintLocalWalletSecretKey';

/** The stored keypair, or null before the first connect (or when the stored value is unreadable). */
export function loadKeypair(storage: KeyStorage): Keypair | null {
  const stored = storage.getItem(LOCAL_WALLET_KEY_STORAGE);
  if (!stored) return null;
  try {
    return Keypair.fromSecretKey(bs58.decode(stored));
  } catch {
    return null;
  }
}

/** The stored keypair, generated and stored on first use so the address survives reloads. */
export function loadOrCreateKeypair(storage: KeyStorage): Keypair {
  const existing = loadKeypair(storage);
  if (existing) return existing;
  const keypair = Keypair.generate();
  storage.setItem(LOCAL_WALLET_KEY_STORAGE, bs58.encode(keypair.secretKey));
  return keypair;
}
