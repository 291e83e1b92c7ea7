import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../env';
import { isUnreachable } from '../http/unreachable';
import { cidFromSha256 } from './cid';
import { fileStoreFor } from './index';
import { LocalStore } from './localStore';

export type StorageProbe = {
  ok: boolean; store: 'local' | 'pinata'; write: boolean; read: boolean;
  /** Whether the probe file was removed again (the health check runs this every time it is opened). */
  removed: boolean;
  cid: string | null; detail: string;
  /** The store could not be reached at all (no answer), rather than answering with a failure. */
  unreachable: boolean;
};

const READ_TIMEOUT_MS = 10_000;

/**
 * The storage connection test: writes a small probe file through the configured store
 * (local CID store or Pinata) and reads it back, comparing the bytes, then removes it
 * (local delete, Pinata unpin) so repeated checks leave nothing behind. A failed removal
 * does not fail the check (write and read are what it tests); it is told in `detail`.
 */
export async function probeStorage(env: Env, now: () => Date): Promise<StorageProbe> {
  const storeName = env.PINATA_JWT ? 'pinata' : 'local';
  const staging = LocalStore.forDataDir(env.dataDir);
  const tempPath = await staging.tempPath();
  const bytes = Buffer.from(`causemint storage probe ${now().toISOString()} ${randomBytes(8).toString('hex')}\n`);
  const cid = cidFromSha256(createHash('sha256').update(bytes).digest());
  const store = fileStoreFor(env, now);
  let stored: { url: string; ipfsHash: string } | null = null;
  let result: Omit<StorageProbe, 'removed'>;
  try {
    await fs.promises.writeFile(tempPath, bytes);
    stored = await store.put(
      { path: tempPath, cid, size: bytes.length, contentType: 'text/plain' },
      { kind: 'campaign_photo', name: 'causemint-storage-probe', keyvalues: { test: 'true', probe: 'true' } },
    );
    const back = await readBack(env, staging, stored.url, cid);
    const read = back !== null && back.equals(bytes);
    result = { ok: read, store: storeName, write: true, read, cid, unreachable: false, detail: read ? `Wrote and read ${bytes.length} bytes` : 'Read back failed: the bytes differ or are missing' };
  } catch (err) {
    result = {
      ok: false, store: storeName, write: stored !== null, read: false, cid: stored ? cid : null,
      unreachable: stored === null && isUnreachable(err), detail: (err as Error).message || 'Connection failed',
    };
  } finally {
    await fs.promises.rm(tempPath, { force: true });
  }
  if (!stored) return { ...result, removed: false };
  try {
    await store.remove(stored.ipfsHash);
    return { ...result, removed: true };
  } catch (err) {
    return { ...result, removed: false, detail: `${result.detail}; the probe file was not removed: ${(err as Error).message}` };
  }
}

async function readBack(env: Env, local: LocalStore, url: string, cid: string): Promise<Buffer | null> {
  if (!env.PINATA_JWT) {
    const file = await local.get(cid);
    return file ? fs.promises.readFile(file.path) : null;
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`Read failed: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
