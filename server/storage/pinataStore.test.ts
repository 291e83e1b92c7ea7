import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { multipartBody } from '../testing/multipart';
import { signInWallet } from '../testing/wallet';

type Seen = { method: string; url: string; authorization?: string; form: FormData };

/** A stand-in for Pinata's API on a local port: records each request, answers as told. */
function fakePinata() {
  const seen: Seen[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = await new Request('http://pinata.local/', {
      method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks),
    }).formData();
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, form });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  return {
    seen,
    answer: (status: number, body: unknown) => { answer = { status, body }; },
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('uploads pinned to Pinata (PINATA_JWT set)', () => {
  const pinata = fakePinata();
  let t: TestApp;
  let cookie: string;
  let wallet: string;
  beforeAll(async () => {
    const apiUrl = await pinata.start();
    t = await createTestApp({
      PINATA_JWT: 'test-jwt-123',
      PINATA_API_URL: apiUrl,
      PINATA_GATEWAY: 'https://gw.example',
      PINATA_GROUP_TOKEN_LOGO: 'group-logos',
    });
    ({ cookie, wallet } = await signInWallet(t.app));
  });
  afterAll(async () => { await t.close(); await pinata.stop(); });
  beforeEach(() => { pinata.seen.length = 0; });

  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
  const post = async (kind: string, data = png) => {
    const body = await multipartBody([
      ['kind', kind], ['name', 'My logo'], ['keyvalues', '{"campaign":"c-1","order":2}'],
      ['file', { data, filename: 'logo.png', type: 'image/png' }],
    ]);
    return t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie } });
  };

  it('sends pinFileToIPFS the file, pinataMetadata and pinataOptions with the bearer JWT', async () => {
    pinata.answer(200, { IpfsHash: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', PinSize: png.length, Timestamp: '2026-11-22T00:00:00Z' });
    const res = await post('token_logo');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      url: 'https://gw.example/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      ipfsHash: 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    });
    expect(pinata.seen).toHaveLength(1);
    const [req] = pinata.seen;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/pinning/pinFileToIPFS');
    expect(req.authorization).toBe('Bearer test-jwt-123');
    const sent = req.form.get('file') as File;
    expect(sent.name).toBe('My logo');
    expect(sent.type).toBe('image/png');
    expect(Buffer.from(await sent.arrayBuffer()).equals(png)).toBe(true);
    const metadata = JSON.parse(req.form.get('pinataMetadata') as string);
    expect(metadata).toEqual({
      name: 'My logo',
      keyvalues: { campaign: 'c-1', order: '2', uploadedBy: wallet, kind: 'token_logo', group: 'token_logo', uploadedAt: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(metadata.keyvalues.uploadedAt))).toBe(false);
    expect(JSON.parse(req.form.get('pinataOptions') as string)).toEqual({ cidVersion: 1, groupId: 'group-logos' });
  });

  it('leaves groupId out for a kind without a configured group', async () => {
    pinata.answer(200, { IpfsHash: 'bafkreihash' });
    expect((await post('campaign_photo')).statusCode).toBe(200);
    expect(JSON.parse(pinata.seen[0].form.get('pinataOptions') as string)).toEqual({ cidVersion: 1 });
  });

  it("reports Pinata's refusal as 'Failed to upload to Pinata: {reason} (Status: {code})'", async () => {
    pinata.answer(401, { error: { reason: 'INVALID_CREDENTIALS', details: 'Invalid authentication credentials' } });
    const res = await post('token_logo');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'Failed to upload to Pinata: INVALID_CREDENTIALS (Status: 401)' });
    pinata.answer(500, { message: 'Internal hiccup' });
    expect((await post('token_logo')).json()).toEqual({ error: 'Failed to upload to Pinata: Internal hiccup (Status: 500)' });
  });

  it('takes back the upload row when Pinata refuses the file', async () => {
    pinata.answer(503, { message: 'Busy' });
    const before = await t.services.db.$count(uploads);
    expect((await post('profile_photo')).statusCode).toBe(502);
    expect(await t.services.db.$count(uploads)).toBe(before);
  });

  it('never pins a verification document: it is kept locally and served only to its uploader', async () => {
    const document = Buffer.concat([png.subarray(0, 8), randomBytes(3000)]);
    const res = await post('verification_document', document);
    expect(res.statusCode, res.body).toBe(200);
    expect(pinata.seen).toHaveLength(0);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/ipfs\/bafkrei[a-z2-7]+$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect([mine.statusCode, mine.headers['cache-control']]).toEqual([200, 'private, no-store']);
    expect(mine.rawPayload.equals(document)).toBe(true);
  });

  it('does not call Pinata for a file its kind refuses', async () => {
    const body = await multipartBody([['kind', 'campaign_video'], ['file', { data: png, filename: 'x.mp4' }]]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie } });
    expect(res.statusCode).toBe(400);
    expect(pinata.seen).toHaveLength(0);
  });
});
