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
