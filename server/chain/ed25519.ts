import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Keypair } from '@solana/web3.js';

// ed25519 private keys as PKCS#8 DER: this fixed header, then the 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const keyObjects = new WeakMap<Keypair, KeyObject>();

/** The keypair as a node:crypto key, built once per keypair. */
export function ed25519PrivateKey(keypair: Keypair): KeyObject {
  let key = keyObjects.get(keypair);
  if (!key) {
    key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, keypair.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
    keyObjects.set(keypair, key);
  }
  return key;
}

/**
 * The keypair's 64-byte ed25519 signature over `message`, with node:crypto: several times
 * faster than web3.js's JavaScript signing, which dominates wherever many are signed.
 */
export function signEd25519(keypair: Keypair, message: Uint8Array): Buffer {
  return sign(null, message, ed25519PrivateKey(keypair));
}
