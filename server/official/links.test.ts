import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { localOfficialLinks, officialLinksOf } from './links';

const TOKEN = 'So11111111111111111111111111111111111111112';
const POOL = '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj';

describe('OFFICIAL_LINKS', () => {
  it('reads a JSON object of any of the six links, URLs or paths on this site', () => {
    const env = loadEnv({ OFFICIAL_LINKS: '{"chart":"https://charts.example/{pool}","createPool":"/start-campaign"}' });
    expect(env.OFFICIAL_LINKS).toEqual({ chart: 'https://charts.example/{pool}', createPool: '/start-campaign' });
    expect(loadEnv({}).OFFICIAL_LINKS).toBeUndefined();
  });

  it.each([
    ['not JSON', '{chart:', 'OFFICIAL_LINKS: must be a JSON object'],
    ['an unknown link', '{"twitter":"https://x.example"}', 'OFFICIAL_LINKS'],
    ['a script URL', '{"trade":"javascript:alert(1)"}', 'OFFICIAL_LINKS.trade: must be an http(s) URL or a path on this site'],
    ['a protocol-relative URL', '{"trade":"//evil.example"}', 'OFFICIAL_LINKS.trade: must be an http(s) URL or a path on this site'],
    ['a number', '{"trade":7}', 'OFFICIAL_LINKS.trade'],
  ])('refuses %s at start-up', (_, value, message) => {
    expect(() => loadEnv({ OFFICIAL_LINKS: value })).toThrow(EnvError);
    expect(() => loadEnv({ OFFICIAL_LINKS: value })).toThrow(message);
  });
});

describe('officialLinksOf', () => {
  const local = { source: 'local', tokenAddress: TOKEN, poolAddress: POOL, links: localOfficialLinks({ publicUrl: 'http://localhost:8787' }, TOKEN) };

  it('lays the configured links over the defaults, filling in {token} and {pool}', () => {
    const links = officialLinksOf(local, { dashboard: 'https://dash.example/{token}?pool={pool}' });
    expect(links).toEqual({ ...local.links, dashboard: `https://dash.example/${TOKEN}?pool=${POOL}` });
    expect(officialLinksOf(local, undefined)).toEqual(local.links);
  });

  it('in local mode gives six different places, each on this app or the explorer reading our own RPC', () => {
    const hrefs = Object.values(local.links);
    expect(hrefs).toHaveLength(6);
    expect(new Set(hrefs).size).toBe(6);
    for (const href of hrefs) expect(href.startsWith('/') || href.includes('customUrl=http%3A%2F%2Flocalhost%3A8787%2Fapi%2Frpc')).toBe(true);
    expect(local.links.chart).toBe(`/trade/${TOKEN}`);
  });

  it('gives none for the seed sample, whatever is configured: no site knows its address', () => {
    expect(officialLinksOf({ ...local, source: 'sample' }, { chart: 'https://charts.example/{pool}' })).toEqual({});
  });
});
