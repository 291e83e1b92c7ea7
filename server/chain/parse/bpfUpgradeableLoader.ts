import { ByteReader, NotParsable } from './reader';

const base64 = (bytes: Uint8Array): [string, 'base64'] => [Buffer.from(bytes).toString('base64'), 'base64'];

function optionalPubkey(r: ByteReader): string | null {
  const tag = r.u8();
  if (tag === 0) return null;
  if (tag === 1) return r.pubkey();
  throw new NotParsable('bad option tag');
}

/**
 * agave parse_bpf_loader.rs (UpgradeableLoaderState under bincode). A buffer's or programdata's
 * bytes follow its header; like agave, the header is counted without the authority's 32 bytes
 * when there is none.
 */
export function parseBpfUpgradeableLoader(data: Uint8Array): { type: string; info?: unknown } {
  const r = new ByteReader(data);
  switch (r.u32()) {
    case 0: return { type: 'uninitialized' };
    case 1: {
      const authority = optionalPubkey(r);
      return { type: 'buffer', info: { authority, data: base64(data.subarray(authority ? 37 : 5)) } };
    }
    case 2: return { type: 'program', info: { programData: r.pubkey() } };
    case 3: {
      const slot = Number(r.u64());
      const authority = optionalPubkey(r);
      return { type: 'programData', info: { slot, authority, data: base64(data.subarray(authority ? 45 : 13)) } };
    }
    default: throw new NotParsable('unknown loader state');
  }
}
