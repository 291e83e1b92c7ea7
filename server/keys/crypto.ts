import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const KEY_VERSION = 1;

export type SealedKey = { ciphertext: Buffer; iv: Buffer; authTag: Buffer; keyVersion: number };

export class KeyDecryptionError extends Error {
  constructor() {
    super('Cannot decrypt platform keys: KEY_ENCRYPTION_SECRET does not match the one they were stored with');
    this.name = 'KeyDecryptionError';
  }
}

// The public key and role are authenticated data: a row whose ciphertext was copied onto
// another public key or role fails to decrypt instead of handing out the wrong key.
function aad(publicKey: string, role: string): Buffer {
  return Buffer.from(`${publicKey}\n${role}`, 'utf8');
}

export function sealSecretKey(key: Buffer, secretKey: Uint8Array, publicKey: string, role: string): SealedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(publicKey, role));
  const ciphertext = Buffer.concat([cipher.update(secretKey), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyVersion: KEY_VERSION };
}

export function openSecretKey(key: Buffer, sealed: SealedKey, publicKey: string, role: string): Uint8Array {
  if (sealed.keyVersion !== KEY_VERSION) throw new Error(`Platform key ${publicKey} uses key version ${sealed.keyVersion}, which this server does not know`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(aad(publicKey, role));
    decipher.setAuthTag(sealed.authTag);
    return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]));
  } catch {
    throw new KeyDecryptionError();
  }
}
