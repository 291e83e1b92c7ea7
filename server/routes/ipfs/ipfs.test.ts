import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cidFromSha256 } from '../../storage/cid';
import { LocalStore } from '../../storage/localStore';
import { createTestApp, type TestApp } from '../../testing/app';
import { parseRange } from './ipfs';

describe('GET /ipfs/{cid}', () => {
  let t: TestApp;
  let video: Buffer;
  let cid: string;
  beforeAll(async () => {
    t = await createTestApp();
    video = Buffer.concat([Buffer.from('\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm', 'latin1'), randomBytes(100_000)]);
    cid = cidFromSha256(createHash('sha256').update(video).digest());
    const store = LocalStore.forDataDir(t.dataDir);
    const temp = await store.tempPath();
    fs.writeFileSync(temp, video);
    await store.put({ path: temp, cid, size: video.length, contentType: 'video/webm' });
  });
  afterAll(async () => { await t.close(); });

  it('serves the stored bytes with their type, immutable caching and the CID as ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-length': String(video.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${cid}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    const cached = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { 'if-none-match': `"${cid}"` } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('answers Range requests with 206 and the slice', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(res.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: `bytes=${video.length - 5}-` } });
    expect(open.rawPayload.equals(video.subarray(video.length - 5))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: `/ipfs/${cid}`, headers: { range: `bytes=${video.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(beyond.json()).toEqual({ error: 'Range not satisfiable' });
  });

  it('404s an unknown CID and 400s a malformed one, as JSON', async () => {
    const unknown = cidFromSha256(createHash('sha256').update('nothing here').digest());
    const res = await t.app.inject({ method: 'GET', url: `/ipfs/${unknown}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'File not found' });
    for (const bad of ['not-a-cid', '..%2F..%2Fetc%2Fpasswd', 'bafkreiZZZ']) {
      const r = await t.app.inject({ method: 'GET', url: `/ipfs/${bad}` });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ error: 'Invalid CID' });
    }
  });

  it('is not under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ipfs/${cid}` });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the sidecar beside the file', () => {
    const dir = path.join(t.dataDir, 'files');
    expect(JSON.parse(fs.readFileSync(path.join(dir, `${cid}.json`), 'utf8'))).toEqual({ contentType: 'video/webm', size: video.length });
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, null], ['bytes=0-9', { start: 0, end: 9 }], ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-20', { start: 80, end: 99 }], ['bytes=-200', { start: 0, end: 99 }], ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', 'unsatisfiable'], ['bytes=-0', 'unsatisfiable'], ['bytes=9-5', null], ['bytes=0-1,5-6', null], ['items=0-5', null],
  ] as const)('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
