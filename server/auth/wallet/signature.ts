import { createPublicKey, verify } from 'node:crypto';
import bs58 from 'bs58';

// DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function decodeBase58(value: string): Uint8Array | null {
  try { return bs58.decode(value); } catch { return null; }
}

/** A Solana wallet address: base58 of a 32-byte public key. */
export function isWalletAddress(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false;
  return decodeBase58(value)?.length === 32;
}

/** Whether `signature` (base58, 64 bytes) is the wallet's ed25519 signature of the UTF-8 message. */
export function verifyWalletSignature(wallet: string, message: string, signature: string): boolean {
  const publicKey = decodeBase58(wallet);
  const sig = decodeBase58(signature);
  if (publicKey?.length !== 32 || sig?.length !== 64) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(message, 'utf8'), key, sig);
  } catch {
    return false;
  }
}
