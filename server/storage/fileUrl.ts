import type { Env } from '../env';
import { canonicalCid } from './cid';

/**
 * The canonical CID of a URL that points at an upload of ours: `/ipfs/<cid>` (the local
 * store, relative or on PUBLIC_URL) or `<PINATA_GATEWAY>/ipfs/<cid>`; null for anything
 * else (another host, javascript:, data:).
 */
export function storedFileCid(value: string, env: Env): string | null {
  const cidAt = (path: string) => {
    const match = /^\/ipfs\/([A-Za-z0-9]+)$/.exec(path);
    return match ? canonicalCid(match[1]) : null;
  };
  if (value.startsWith('/')) return value.startsWith('//') ? null : cidAt(value);
  let url: URL;
  try { url = new URL(value); } catch { return null; }
  if (url.search || url.hash || url.username || url.password) return null;
  const origins = [new URL(env.publicUrl).origin, new URL(env.PINATA_GATEWAY).origin];
  return origins.includes(url.origin) ? cidAt(url.pathname) : null;
}

/** Whether a URL points at an upload of ours, so stored URLs can be shown without further checks. */
export function isStoredFileUrl(value: string, env: Env): boolean {
  return storedFileCid(value, env) !== null;
}
