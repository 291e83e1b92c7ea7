import { createRequire } from 'node:module';

type GeoIpCountry = { lookup(ip: string): { country?: string } | null };

const require = createRequire(import.meta.url);
let db: GeoIpCountry | undefined;

/**
 * The ISO country code of an IP address from the GeoLite2 country database that the
 * `geoip-country` npm package ships (no download, no outside service); 'unknown' for
 * private, local or unlisted addresses. Loaded (~8 MB) on first use.
 */
export function countryOfIp(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  db ??= require('geoip-country') as GeoIpCountry;
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return db.lookup(address)?.country || 'unknown';
  } catch {
    return 'unknown';
  }
}
