import type { FastifyRequest } from 'fastify';
import type { Browser, DeviceType } from '../../../core/enums';
import { parseUserAgent } from '../../../core/userAgent';
import { isFromTrustedProxy, type TrustedProxies } from '../../http/trustedProxy';
import { countryOfIp } from './geoip';

export type ClientInfo = {
  ip: string;
  userAgent: string | null;
  referrer: string | null;
  deviceType: DeviceType;
  browser: Browser;
  country: string;
  city: string;
  region: string;
};

// Location headers set by the CDN in front of us. They are only believed on a request
// that reached us from one of the TRUST_PROXY proxies (the rule Fastify applies to
// X-Forwarded-Proto and -Host): sent straight to us, anyone could write them.
// Cloudflare: cf-ipcountry (and cf-ipcity / cf-region with "Add visitor location headers").
// Vercel: x-vercel-ip-country, x-vercel-ip-city (URL-encoded), x-vercel-ip-country-region.
const GEO_HEADERS = {
  country: ['cf-ipcountry', 'x-vercel-ip-country'],
  city: ['cf-ipcity', 'x-vercel-ip-city'],
  region: ['cf-region', 'x-vercel-ip-country-region'],
} as const;

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : null;
}

function geo(request: FastifyRequest, names: readonly string[], trusted: boolean): string {
  if (!trusted) return 'unknown';
  for (const name of names) {
    const value = header(request, name);
    if (!value || value === 'XX') continue;
    try { return decodeURIComponent(value).slice(0, 100); } catch { return value.slice(0, 100); }
  }
  return 'unknown';
}

/** The proxy's country header when trusted, else the embedded offline GeoIP database on the client's address. */
function countryOf(request: FastifyRequest, fromProxy: boolean): string {
  const fromHeader = geo(request, GEO_HEADERS.country, fromProxy);
  return fromHeader !== 'unknown' ? fromHeader : countryOfIp(request.ip);
}

/** Who is signing in, for the user_sessions row: address, browser, device and (behind a trusted proxy) place. */
export function clientInfoOf(request: FastifyRequest, proxies: TrustedProxies): ClientInfo {
  const fromProxy = isFromTrustedProxy(request.raw, proxies);
  const userAgent = header(request, 'user-agent');
  const { deviceType, browser } = parseUserAgent(userAgent);
  return {
    ip: request.ip,
    userAgent: userAgent?.slice(0, 1000) ?? null,
    referrer: header(request, 'referer')?.slice(0, 2000) ?? null,
    deviceType,
    browser,
    country: countryOf(request, fromProxy),
    city: geo(request, GEO_HEADERS.city, fromProxy),
    region: geo(request, GEO_HEADERS.region, fromProxy),
  };
}
