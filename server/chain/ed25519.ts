import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
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

/**
 * The 32-byte public key of an ed25519 seed (a secret key's first half), derived by
 * node:crypto: web3.js's own check (Keypair.fromSecretKey) is JavaScript curve math that costs
 * tens of milliseconds the first time, at start-up.
 */
export function ed25519PublicKeyOfSeed(seed: Uint8Array): Buffer {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  // SPKI DER: a fixed 12-byte header, then the key.
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32);
}
