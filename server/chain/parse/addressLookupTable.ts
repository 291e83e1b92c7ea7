import { ByteReader, NotParsable } from './reader';

/** LOOKUP_TABLE_META_SIZE: the addresses start after the 56-byte header. */
const META_SIZE = 56;

/** agave parse_address_lookup_table.rs: slots as strings, the authority omitted once frozen. */
export function parseAddressLookupTable(data: Uint8Array): { type: 'uninitialized' } | { type: 'lookupTable'; info: unknown } {
  const r = new ByteReader(data);
  const state = r.u32();
  if (state === 0) return { type: 'uninitialized' };
  if (state !== 1) throw new NotParsable('unknown lookup table state');
  const deactivationSlot = r.u64().toString();
  const lastExtendedSlot = r.u64().toString();
  const lastExtendedSlotStartIndex = r.u8();
  const hasAuthority = r.u8();
  if (hasAuthority > 1) throw new NotParsable('bad option tag');
  const authority = hasAuthority === 1 ? r.pubkey() : undefined;
  if (data.length < META_SIZE || (data.length - META_SIZE) % 32 !== 0) throw new NotParsable('addresses not a whole number of keys');
  const addresses = new ByteReader(data.subarray(META_SIZE));
  const list: string[] = [];
  while (addresses.remaining > 0) list.push(addresses.pubkey());
  const info: Record<string, unknown> = { deactivationSlot, lastExtendedSlot, lastExtendedSlotStartIndex };
  if (authority !== undefined) info.authority = authority;
  info.addresses = list;
  return { type: 'lookupTable', info };
}
