import type { Env } from '../env';
import { canonicalCid } from './cid';

/**
 * Whether a URL points at an upload of ours: `/ipfs/<cid>` (the local store, relative
 * or on PUBLIC_URL) or `<PINATA_GATEWAY>/ipfs/<cid>`. Anything else (another host,
 * javascript:, data:) is refused, so stored URLs can be shown without further checks.
 */
export function isStoredFileUrl(value: string, env: Env): boolean {
  const cidAt = (path: string) => {
    const match = /^\/ipfs\/([A-Za-z0-9]+)$/.exec(path);
    return Boolean(match && canonicalCid(match[1]));
  };
  if (value.startsWith('/')) return !value.startsWith('//') && cidAt(value);
  let url: URL;
  try { url = new URL(value); } catch { return false; }
  if (url.search || url.hash || url.username || url.password) return false;
  const origins = [new URL(env.publicUrl).origin, new URL(env.PINATA_GATEWAY).origin];
  return origins.includes(url.origin) && cidAt(url.pathname);
}
