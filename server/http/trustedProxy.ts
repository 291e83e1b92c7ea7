import type { IncomingMessage } from 'node:http';
import { formatIpRange, parseIpAddress, parseIpRange, rangeContains, type IpRange } from '../../core/ipAddress';

/** The proxies whose X-Forwarded-* headers are believed; false: none (the socket's peer is the client). */
export type TrustedProxies = IpRange[] | false;

// What `on` meant before proxies were named: now the proxy on this machine (nginx in front of us).
const LOOPBACK = ['127.0.0.0/8', '::1'];

export const TRUST_PROXY_FORMAT = "use off, on (the loopback proxy: 127.0.0.0/8 and ::1) or the proxies' addresses and CIDR ranges, comma separated (e.g. 127.0.0.1,10.0.0.0/8)";

/**
 * TRUST_PROXY's value: off/false/0, on/true/1/loopback (a proxy on this machine), or a
 * comma-separated list of addresses and ranges. Throws a message naming the format.
 */
export function parseTrustProxy(text: string): TrustedProxies {
  const value = text.trim().toLowerCase();
  if (['off', 'false', '0'].includes(value)) return false;
  const entries = ['on', 'true', '1'].includes(value) ? ['loopback'] : value.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error(TRUST_PROXY_FORMAT);
  const ranges: IpRange[] = [];
  for (const entry of entries) {
    for (const item of entry === 'loopback' ? LOOPBACK : [entry]) {
      const range = parseIpRange(item);
      if (!range) throw new Error(`'${entry}' is not an address or CIDR range: ${TRUST_PROXY_FORMAT}`);
      // Trusting every address is the hole this list closes: any client could name itself.
      if (range.prefix === 0) throw new Error(`'${entry}' would trust every address: name your proxies' addresses or ranges`);
      ranges.push(range);
    }
  }
  return ranges;
}

/** The list as configured, for logs and docs ('127.0.0.0/8, ::1'). */
export function describeTrustedProxies(proxies: TrustedProxies): string {
  return proxies ? proxies.map(formatIpRange).join(', ') : 'off';
}

/** Fastify's `trustProxy`: the same predicate everywhere, so request.ip and the PubSub port agree. */
export function proxyTrust(proxies: IpRange[]): (address: string) => boolean {
  return (address) => {
    const parsed = address ? parseIpAddress(address) : null;
    return parsed !== null && proxies.some((range) => rangeContains(range, parsed));
  };
}

/** X-Forwarded-For's hops, right-most first (the hop nearest us), as proxy-addr reads them. */
function forwardedHops(raw: IncomingMessage): string[] {
  const header = raw.headers['x-forwarded-for'];
  if (typeof header !== 'string') return [];
  return header.split(',').map((hop) => hop.trim()).filter(Boolean).reverse();
}

/**
 * The client's address: walking from the socket's peer back through X-Forwarded-For, the
 * first hop that is not one of our proxies. Entries a client wrote itself sit left of the
 * ones our proxies appended, so they are never reached. Fastify's request.ip walks the
 * same way with `proxyTrust`; this serves sockets that never become a Fastify request.
 */
export function clientAddressOf(raw: IncomingMessage, proxies: TrustedProxies): string {
  const peer = raw.socket.remoteAddress ?? '';
  if (!proxies) return peer;
  const trusted = proxyTrust(proxies);
  const addresses = [peer, ...forwardedHops(raw)];
  for (let i = 0; i < addresses.length - 1; i++) {
    if (!trusted(addresses[i])) return addresses[i];
  }
  return addresses[addresses.length - 1];
}

/** Did this request reach us from one of our proxies (so its X-Forwarded-* and CDN headers are theirs)? */
export function isFromTrustedProxy(raw: IncomingMessage, proxies: TrustedProxies): boolean {
  return proxies !== false && proxyTrust(proxies)(raw.socket.remoteAddress ?? '');
}
