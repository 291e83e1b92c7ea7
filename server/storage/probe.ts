import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../env';
import { cidFromSha256 } from './cid';
import { fileStoreFor } from './index';
import { LocalStore } from './localStore';

export type StorageProbe = { ok: boolean; store: 'local' | 'pinata'; write: boolean; read: boolean; cid: string | null; detail: string };

const READ_TIMEOUT_MS = 10_000;

/**
 * The storage connection test: writes a small probe file through the configured store
 * (local CID store or Pinata) and reads it back, comparing the bytes.
 */
export async function probeStorage(env: Env, now: () => Date): Promise<StorageProbe> {
  const storeName = env.PINATA_JWT ? 'pinata' : 'local';
  const staging = LocalStore.forDataDir(env.dataDir);
  const tempPath = await staging.tempPath();
  const bytes = Buffer.from(`causemint storage probe ${now().toISOString()} ${randomBytes(8).toString('hex')}\n`);
  const cid = cidFromSha256(createHash('sha256').update(bytes).digest());
  let write = false;
  try {
    await fs.promises.writeFile(tempPath, bytes);
    const stored = await fileStoreFor(env, now).put(
      { path: tempPath, cid, size: bytes.length, contentType: 'text/plain' },
      { kind: 'campaign_photo', name: 'causemint-storage-probe', keyvalues: { test: 'true', probe: 'true' } },
    );
    write = true;
    const back = await readBack(env, staging, stored.url, cid);
    const read = back !== null && back.equals(bytes);
    return { ok: read, store: storeName, write, read, cid, detail: read ? `Wrote and read ${bytes.length} bytes` : 'Read back failed: the bytes differ or are missing' };
  } catch (err) {
    return { ok: false, store: storeName, write, read: false, cid: write ? cid : null, detail: (err as Error).message || 'Connection failed' };
  } finally {
    await fs.promises.rm(tempPath, { force: true });
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
