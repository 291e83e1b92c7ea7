import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import type { Env } from '../env';

export const SECRET_FILE_NAME = 'key-encryption-secret';

export type SecretEnv = Pick<Env, 'KEY_ENCRYPTION_SECRET' | 'dataDir'>;

/**
 * The AES-256 key that platform keys are encrypted with: derived from KEY_ENCRYPTION_SECRET,
 * or, when that is unset, from a random secret generated once into DATA_DIR and reused.
 */
export function loadEncryptionKey(env: SecretEnv): Buffer {
  return deriveKey(env.KEY_ENCRYPTION_SECRET ?? readOrCreateSecretFile(env.dataDir));
}

/**
 * A key for another purpose derived from the same secret (HKDF with its own info), for what
 * only processes sharing KEY_ENCRYPTION_SECRET may know: the fleet's mark on its RPC calls.
 */
export function deriveFromSecret(env: SecretEnv, purpose: string): Buffer {
  const secret = env.KEY_ENCRYPTION_SECRET ?? readOrCreateSecretFile(env.dataDir);
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), 'causemint/derived', purpose, 32));
}

// The secret is already high-entropy (32+ characters, or 32 random bytes), so HKDF
// rather than a slow password hash; the salt and info pin it to this one purpose.
function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), 'causemint/platform-keys', 'aes-256-gcm v1', 32));
}

function readOrCreateSecretFile(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting at once keep the first secret.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    fs.chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret (under 32 characters). Restore it from a backup; without it the platform keys cannot be decrypted.`);
  }
  return secret;
}
