import type { Env } from '../env';
import { storedFileCid } from './fileUrl';
import { LocalStore } from './localStore';

export type StoredUploadCheck = { ok: true; cid: string } | { ok: false; reason: 'not_ours' | 'missing' | 'wrong_type' };

/**
 * Whether a URL names an upload made through POST /api/uploads whose bytes are of the
 * expected category ('image', 'video', or 'document': a PDF or an image). The local store is asked for the file and its
 * detected type; pinned files (PINATA_JWT) are trusted by their gateway URL, since
 * Pinata keeps no type we could check without fetching the file. Documents are never
 * pinned (PRIVATE_UPLOAD_KINDS), so they are always looked for locally.
 */
export async function checkStoredUpload(value: string, env: Env, category: 'image' | 'video' | 'document'): Promise<StoredUploadCheck> {
  const cid = storedFileCid(value, env);
  if (!cid) return { ok: false, reason: 'not_ours' };
  if (env.PINATA_JWT && category !== 'document') return { ok: true, cid };
  const file = await LocalStore.forDataDir(env.dataDir).get(cid);
  if (!file) return { ok: false, reason: 'missing' };
  const accepted = category === 'document' ? file.contentType === 'application/pdf' || file.contentType.startsWith('image/') : file.contentType.startsWith(`${category}/`);
  if (!accepted) return { ok: false, reason: 'wrong_type' };
  return { ok: true, cid };
}
