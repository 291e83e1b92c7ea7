/**
 * IPv4 and IPv6 addresses and CIDR ranges as bigints: parsing, the canonical text
 * (RFC 5952 for IPv6), and range membership. Pure, so the server's block check and the
 * dashboard's "is this my own address?" question give the same answer.
 */

export type IpVersion = 4 | 6;
export type IpAddress = { version: IpVersion; value: bigint };
/** A single address is a range with the full prefix (/32 or /128). */
export type IpRange = { version: IpVersion; network: bigint; prefix: number };

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // No leading zeros: '010' is octal to some parsers and decimal to others.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseV6(text: string): bigint | null {
  let head = text;
  let tailV4: bigint | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tailV4 = parseV4(text.slice(lastColon + 1));
    if (tailV4 === null) return null;
    // '::1.2.3.4' keeps its '::'; '1:2:3:4:5:6:1.2.3.4' drops the colon before the IPv4 part.
    head = text[lastColon - 1] === ':' ? text.slice(0, lastColon + 1) : text.slice(0, lastColon);
  }
  const groupsWanted = tailV4 === null ? 8 : 6;
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  let groups: string[];
  if (halves.length === 2) {
    const left = toGroups(halves[0]);
    const right = toGroups(halves[1]);
    const missing = groupsWanted - left.length - right.length;
    if (missing < 1) return null;
    groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  } else {
    groups = toGroups(head);
  }
  if (groups.length !== groupsWanted) return null;
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    value = (value << 16n) | BigInt(`0x${g}`);
  }
  return tailV4 === null ? value : (value << 32n) | tailV4;
}

/** An address, or null. IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address it carries. */
export function parseIpAddress(input: string): IpAddress | null {
  const text = input.trim();
  if (text.includes(':')) {
    // A zone (fe80::1%eth0) names a local interface; the address is what is before it.
    const value = parseV6(text.split('%')[0]);
    if (value === null) return null;
    if (value >> 32n === 0xffffn) return { version: 4, value: value & 0xffffffffn };
    return { version: 6, value };
  }
  const value = parseV4(text);
  return value === null ? null : { version: 4, value };
}

/** An address ('203.0.113.7') or a CIDR range ('203.0.113.0/24'), or null; host bits are cleared. */
export function parseIpRange(input: string): IpRange | null {
  const text = input.trim();
  if (text.includes('%')) return null;
  const [addressText, prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const address = parseIpAddress(addressText);
  if (!address) return null;
  const mapped = address.version === 4 && addressText.includes(':');
  const bits = BITS[address.version];
  let prefix = bits;
  if (prefixText !== undefined) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    // A mapped range's prefix counts the 96 bits of ::ffff: in front of the IPv4 address.
    if (mapped) prefix -= 96;
    if (prefix < 0 || prefix > bits) return null;
  }
  return { version: address.version, network: address.value & mask(bits, prefix), prefix };
}

function mask(bits: number, prefix: number): bigint {
  const all = (1n << BigInt(bits)) - 1n;
  return all ^ ((1n << BigInt(bits - prefix)) - 1n);
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.version !== address.version) return false;
  return (address.value & mask(BITS[range.version], range.prefix)) === range.network;
}

/** The canonical text: the address alone for a single one, else 'network/prefix'. */
export function formatIpRange(range: IpRange): string {
  const address = formatIpAddress({ version: range.version, value: range.network });
  return range.prefix === BITS[range.version] ? address : `${address}/${range.prefix}`;
}

export function formatIpAddress({ version, value }: IpAddress): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // RFC 5952: compress the longest run of two or more zero groups, the first one on a tie.
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) { i += 1; continue; }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}
