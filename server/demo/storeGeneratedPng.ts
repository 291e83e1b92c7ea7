import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { UploadMetadata } from '../storage/fileStore';
import type { Services } from '../services';
import { cidFromSha256 } from '../storage/cid';
import { fileStoreFor } from '../storage';
import { LocalStore } from '../storage/localStore';

/**
 * Stores a PNG the server drew itself (demo and test campaign logos) as an upload is
 * stored: content-addressed in the configured store, so its URL is served like any other.
 * Equal bytes are one file.
 */
export async function storeGeneratedPng(services: Services, bytes: Buffer, metadata: UploadMetadata): Promise<string> {
  const cid = cidFromSha256(createHash('sha256').update(bytes).digest());
  const temp = await LocalStore.forDataDir(services.env.dataDir).tempPath();
  try {
    await fs.promises.writeFile(temp, bytes);
    const stored = await fileStoreFor(services.env, services.now).put({ path: temp, cid, size: bytes.length, contentType: 'image/png' }, metadata);
    return stored.url;
  } finally {
    // The local store moves the file into place; Pinata only reads it.
    await fs.promises.rm(temp, { force: true });
  }
}
