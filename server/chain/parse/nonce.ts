import bs58 from 'bs58';
import { ByteReader, NotParsable } from './reader';

/**
 * agave parse_nonce.rs: a system account holding nonce state (Versions: Legacy or Current,
 * each a State). Only an initialized nonce parses: an uninitialized one, like any other
 * system account data, is left to base64.
 */
export function parseNonce(data: Uint8Array): { type: 'initialized'; info: unknown } {
  const r = new ByteReader(data);
  const version = r.u32();
  if (version > 1) throw new NotParsable('unknown nonce version');
  const state = r.u32();
  if (state !== 1) throw new NotParsable('nonce not initialized');
  const authority = r.pubkey();
  const blockhash = bs58.encode(r.bytesOf(32));
  return { type: 'initialized', info: { authority, blockhash, feeCalculator: { lamportsPerSignature: r.u64().toString() } } };
}
