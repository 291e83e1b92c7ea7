import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { clientAddressOf, describeTrustedProxies, isFromTrustedProxy, parseTrustProxy, proxyTrust, type TrustedProxies } from './trustedProxy';

describe('TRUST_PROXY', () => {
  it('is off, loopback for on/true/1, or a list of addresses and ranges', () => {
    for (const off of ['off', 'false', '0', ' OFF ']) expect(parseTrustProxy(off)).toBe(false);
    for (const on of ['on', 'true', '1', 'loopback']) expect(describeTrustedProxies(parseTrustProxy(on))).toBe('127.0.0.0/8, ::1');
    expect(describeTrustedProxies(parseTrustProxy('127.0.0.1, 10.1.2.3/8,fd00::/8'))).toBe('127.0.0.1, 10.0.0.0/8, fd00::/8');
  });

  it('refuses anything else at start-up, naming the format, and never trusts every address', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: 'yes' is not an address or CIDR range: use off, on \(the loopback proxy: 127\.0\.0\.0\/8 and ::1\) or the proxies' addresses and CIDR ranges, comma separated \(e\.g\. 127\.0\.0\.1,10\.0\.0\.0\/8\)/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.1,nginx' })).toThrow(/'nginx' is not an address/);
    expect(() => loadEnv({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/'0.0.0.0\/0' would trust every address/);
    expect(() => loadEnv({ TRUST_PROXY: '::/0' })).toThrow(/would trust every address/);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });
});

describe('the client address behind trusted proxies', () => {
  // [TRUST_PROXY, the socket's peer, X-Forwarded-For, the client]
  const cases: [string, string, string | undefined, string][] = [
    ['off', '127.0.0.1', '1.2.3.4', '127.0.0.1'],
    ['loopback', '127.0.0.1', undefined, '127.0.0.1'],
    // nginx's $proxy_add_x_forwarded_for appends the real address to the client's own header.
    ['loopback', '127.0.0.1', '1.2.3.4, 198.51.100.7', '198.51.100.7'],
    ['loopback', '::ffff:127.0.0.1', '203.0.113.5', '203.0.113.5'],
    ['loopback', '::1', ' 203.0.113.5 ,  ', '203.0.113.5'],
    // Two of our proxies in a row (a CDN's edge, then nginx): the hop before them is the client.
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.5', '198.51.100.7'],
    // A client that is not one of our proxies is itself, whatever it writes.
    ['loopback', '198.51.100.9', '1.2.3.4', '198.51.100.9'],
    ['127.0.0.2', '127.0.0.1', '1.2.3.4', '127.0.0.1'],
    // Every hop ours: the left-most is all there is.
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1', '10.0.0.1, 10.0.0.2', '10.0.0.1'],
    ['loopback', '127.0.0.1', 'garbage', 'garbage'],
  ];

  it("is the right-most hop that is not a proxy, the same for Fastify's request.ip and the PubSub port", async () => {
    for (const [setting, peer, forwardedFor, client] of cases) {
      const proxies: TrustedProxies = parseTrustProxy(setting);
      const app = Fastify({ trustProxy: proxies ? proxyTrust(proxies) : false });
      app.get('/', (request) => ({ ip: request.ip, own: clientAddressOf(request.raw, proxies) }));
      const res = await app.inject({ url: '/', remoteAddress: peer, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
      expect(res.json(), `${setting} ${peer} ${forwardedFor}`).toEqual({ ip: client, own: client });
      await app.close();
    }
  });

  it('takes X-Forwarded-Proto, X-Forwarded-Host and CDN headers only from a proxy of ours', async () => {
    const proxies = parseTrustProxy('127.0.0.2');
    const app = Fastify({ trustProxy: proxies ? proxyTrust(proxies) : false });
    app.get('/', (request) => ({ protocol: request.protocol, host: request.host, fromProxy: isFromTrustedProxy(request.raw, proxies) }));
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: 'causemint.example' };
    expect((await app.inject({ url: '/', remoteAddress: '127.0.0.2', headers })).json()).toEqual({ protocol: 'https', host: 'evil.example', fromProxy: true });
    expect((await app.inject({ url: '/', remoteAddress: '127.0.0.1', headers })).json()).toEqual({ protocol: 'http', host: 'causemint.example', fromProxy: false });
    await app.close();
  });
});
