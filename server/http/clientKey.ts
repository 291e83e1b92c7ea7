import { isIPv6 } from 'node:net';

/**
 * The address a per-client cap counts: the IP, or for IPv6 its /64 (one subscriber usually
 * holds a whole /64: counted per address it would be 2^64 fresh clients). IPv4-mapped IPv6
 * addresses stay as they are. The admin login throttle and the quote caps count by it.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The network a signed-out visitor's report counts as: an IPv4 address's /24 (IPv4-mapped
 * IPv6 too), an IPv6 address's /48, the blocks a single party gets most cheaply. One report per
 * comment per network, so a handful of addresses side by side are one reporter.
 */
export function networkKey(ip: string): string {
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv6(v4)) {
    const octets = v4.split('.');
    return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : v4;
  }
  const groups = clientKey(v4).replace('::/64', '').split(':');
  return `${groups.slice(0, 3).join(':')}::/48`;
}
