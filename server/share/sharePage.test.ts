import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { campaigns } from '../db/schema';
import { gradientLogo } from '../demo/png';
import { createTestApp, type TestApp } from '../testing/app';
import { multipartBody } from '../testing/multipart';
import { signInWallet } from '../testing/wallet';
import { OgImageCache } from './ogImageCache';

const SHELL = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Causemint</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const TITLE = `Tom & Jerry's "<script>alert(1)</script>"`;
// 170 code points, an emoji among them: cut at 160 characters, never mid-emoji.
const DESCRIPTION = `${'🐾'}${'a'.repeat(158)}🌊${'b'.repeat(10)}`;

const pngSize = (png: Buffer) => ({ signature: png.subarray(1, 4).toString('latin1'), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('sharing a campaign page: Open Graph tags and the card image', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let appDir: string;
  let logoUrl: string;
  const meta = (html: string, key: string) => {
    const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
    return match ? match[1]! : null;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://causemint.test' });
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-share-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), SHELL);
    app = await buildServer({ services: t.services, appDir });
    const user = await signInWallet(t.app);
    const body = await multipartBody([['kind', 'token_logo'], ['file', { data: gradientLogo(64, [255, 0, 0], [0, 0, 255]), filename: 'logo.png' }]]);
    const up = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie: user.cookie } });
    expect(up.statusCode, up.body).toBe(200);
    logoUrl = up.json().url;
    await t.services.db.insert(campaigns).values([
      { creatorWallet: user.wallet, ticker: 'TOMJ', name: 'Tom and Jerry', title: TITLE, description: DESCRIPTION, goalLamports: 10n ** 11n,
        raisedLamports: 25n * 10n ** 9n, holders: 12, marketCapLamports: 40n * 10n ** 9n, tokenAddress: 'MintShare', imageUrl: logoUrl },
      { creatorWallet: user.wallet, ticker: 'NOLOGO', name: 'No logo', goalLamports: 10n ** 11n, tokenAddress: 'MintNoLogo' },
    ]);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('serves the campaign page with its tags in the head, HTML-escaped, the description cut to 160 characters', async () => {
    const res = await app.inject({ method: 'GET', url: '/campaign/MintShare' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<script>alert');
    expect(meta(html, 'og:title')).toBe('Tom &amp; Jerry&#39;s &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(decode(meta(html, 'og:title')!)).toBe(TITLE);
    expect(decode(meta(html, 'twitter:title')!)).toBe(TITLE);
    const description = decode(meta(html, 'og:description')!);
    expect([...description].length).toBe(160);
    expect(description).toBe([...DESCRIPTION].slice(0, 160).join(''));
    expect(decode(meta(html, 'twitter:description')!)).toBe(description);
    expect(meta(html, 'og:image')).toBe('https://causemint.test/api/campaigns/MintShare/og-image.png');
    expect(meta(html, 'twitter:image')).toBe('https://causemint.test/api/campaigns/MintShare/og-image.png');
    expect(meta(html, 'og:url')).toBe('https://causemint.test/campaign/MintShare');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.replace(/\n\s*<meta [^>]*\/>/g, '').replace(/\s+/g, '')).toBe(SHELL.replace(/\s+/g, ''));
  });

  it('serves the plain app for an unknown token, a legacy numeric id and the manage page', async () => {
    for (const url of ['/campaign/NoSuchMint', '/campaign/123', '/campaign/MintShare/manage']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('renders the og image as a 1200x630 PNG, and 404 for an unknown campaign', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/campaigns/MintShare/og-image.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.rawPayload)).toEqual({ signature: 'PNG', width: 1200, height: 630 });
    expect(pngSize((await app.inject({ method: 'GET', url: '/api/campaigns/MintNoLogo/og-image.png' })).rawPayload)).toMatchObject({ width: 1200 });
    const missing = await app.inject({ method: 'GET', url: '/api/campaigns/NoSuchMint/og-image.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps one render per campaign until its shown figures change, and draws the logo', async () => {
    const cache = new OgImageCache(t.services.env);
    const row = async () => (await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, 'MintShare')))[0]!;
    const first = await cache.pngFor(await row());
    expect(await cache.pngFor(await row())).toBe(first);
    await t.services.db.update(campaigns).set({ raisedLamports: 26n * 10n ** 9n }).where(eq(campaigns.tokenAddress, 'MintShare'));
    const moved = await cache.pngFor(await row());
    expect(moved).not.toBe(first);
    expect(moved.equals(first)).toBe(false);
    // The same campaign without its logo renders differently: the logo is drawn.
    const noLogo = await cache.pngFor({ ...(await row()), tokenAddress: 'Other', imageUrl: null });
    expect(noLogo.equals(moved)).toBe(false);
  });
});
