import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import * as Digest from 'multiformats/hashes/digest';
import { sha256 } from 'multiformats/hashes/sha2';

/** The IPFS CIDv1 (raw codec, sha2-256, base32 'bafkrei...') of bytes whose sha256 is given. */
export function cidFromSha256(hash: Uint8Array): string {
  return CID.create(1, raw.code, Digest.create(sha256.code, hash)).toString();
}

/**
 * The canonical form of a CID string, or null when it is not a CID. Used as a file
 * name, so only the canonical base32 text (letters and digits) ever reaches the disk.
 */
export function canonicalCid(value: string): string | null {
  try {
    const cid = CID.parse(value);
    return cid.version === 1 ? cid.toString() : cid.toV1().toString();
  } catch {
    return null;
  }
}
