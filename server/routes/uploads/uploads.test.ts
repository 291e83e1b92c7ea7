import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { multipartBody, type Part } from '../../testing/multipart';
import { signInWallet, testIp } from '../../testing/wallet';
import { uploadMessages } from '../../policies/uploadLimits';

const MB = 1024 * 1024;
const MAGIC: Record<string, number[] | string> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46],
  gif: 'GIF89a',
  webp: 'RIFF\x24\x00\x00\x00WEBPVP8 ',
  mp4: '\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2mp41',
  mov: '\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  ',
  webm: '\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm',
  mkv: '\x1a\x45\xdf\xa3\xa3\x42\x86\x81\x01\x42\x82\x88matroska',
  avi: 'RIFF\x24\x00\x00\x00AVI LIST',
  pdf: '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n',
};

/** `size` bytes of a file of the given format: its magic bytes, random bytes (unique), then zeros. */
function fileOf(format: keyof typeof MAGIC, size: number): Buffer {
  const magic = MAGIC[format];
  const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic);
  const buf = Buffer.alloc(size);
  head.copy(buf);
  randomBytes(Math.min(32, size - head.length)).copy(buf, head.length);
  return buf;
}

describe('POST /api/uploads', () => {
  let t: TestApp;
  let cookie: string;
  let filesDir: string;
  beforeAll(async () => {
    // The rules below take many uploads a minute; the limits have their own tests.
    t = await createTestApp({ UPLOADS_PER_MINUTE: '1000' });
    cookie = (await signInWallet(t.app)).cookie;
    filesDir = path.join(t.dataDir, 'files');
  });
  afterAll(async () => { await t.close(); });

  const upload = async (parts: [string, Part][], headers: Record<string, string> = { cookie }) => {
    const body = await multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const file = (data: Buffer, filename: string, type = 'application/octet-stream'): Part => ({ data, filename, type });
  const stored = () => (fs.existsSync(filesDir) ? fs.readdirSync(filesDir).filter((f) => !f.startsWith('.')) : []);
  const staged = () => (fs.existsSync(path.join(filesDir, '.tmp')) ? fs.readdirSync(path.join(filesDir, '.tmp')) : []);

  /** Expects a 400 with the message, and no file left on disk by it. */
  const expectRefused = async (parts: [string, Part][], message: string) => {
    const before = stored();
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
    expect(stored()).toEqual(before);
    expect(staged()).toEqual([]);
  };
  const expectStored = async (parts: [string, Part][], data: Buffer) => {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(200);
    const cid = CID.create(1, raw.code, await sha256.digest(data)).toString();
    expect(res.json()).toEqual({ url: `/ipfs/${cid}`, ipfsHash: cid });
    expect(cid).toMatch(/^bafkrei[a-z2-7]+$/);
    return cid;
  };

  it('needs a signed-in wallet', async () => {
    const res = await upload([['kind', 'token_logo'], ['file', file(fileOf('png', 100), 'a.png')]], {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required: Please authenticate your wallet first' });
    expect(stored()).toEqual([]);
  });

  it('refuses an upload with a session cookie from a foreign Origin', async () => {
    const res = await upload([['kind', 'token_logo'], ['file', file(fileOf('png', 100), 'a.png')]], { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
  });

  it('token logos and creation photos: PNG, JPG or GIF up to 10 MB', async () => {
    for (const kind of ['token_logo', 'campaign_photo']) {
      for (const format of ['png', 'jpeg', 'gif'] as const) {
        const data = fileOf(format, 1000);
        await expectStored([['kind', kind], ['file', file(data, `x.${format}`)]], data);
      }
      const atLimit = fileOf('png', 10 * MB);
      await expectStored([['kind', kind], ['file', file(atLimit, 'big.png')]], atLimit);
      await expectRefused([['kind', kind], ['file', file(fileOf('png', 10 * MB + 1), 'big.png')]], 'File too large');
      await expectRefused([['kind', kind], ['file', file(fileOf('webp', 1000), 'x.webp')]], 'Invalid file type');
    }
  });

  it('gallery photos: any image up to 5 MB', async () => {
    const webp = fileOf('webp', 5 * MB);
    await expectStored([['kind', 'campaign_photo'], ['purpose', 'gallery'], ['file', file(webp, 'g.webp')]], webp);
    await expectRefused([['kind', 'campaign_photo'], ['purpose', 'gallery'], ['file', file(fileOf('png', 5 * MB + 1), 'g.png')]], 'File too large');
    await expectRefused([['kind', 'campaign_photo'], ['purpose', 'gallery'], ['file', file(fileOf('mp4', 1000), 'clip.mp4')]], 'clip.mp4 is not an image');
  });

  it('verification documents: a PDF or an image up to 10 MB', async () => {
    const pdf = fileOf('pdf', 10 * MB);
    await expectStored([['kind', 'verification_document'], ['file', file(pdf, 'registration.pdf')]], pdf);
    const jpeg = fileOf('jpeg', 2000);
    await expectStored([['kind', 'verification_document'], ['file', file(jpeg, 'scan.jpg')]], jpeg);
    await expectRefused([['kind', 'verification_document'], ['file', file(fileOf('pdf', 10 * MB + 1), 'big.pdf')]], 'Documents must be under 10MB');
    await expectRefused([['kind', 'verification_document'], ['file', file(fileOf('mp4', 1000), 'clip.mp4')]], 'clip.mp4 is not a PDF or an image');
    // Only the verification form takes PDFs: a PDF is no logo, photo or gallery image.
    await expectRefused([['kind', 'campaign_photo'], ['purpose', 'gallery'], ['file', file(fileOf('pdf', 1000), 'doc.pdf')]], 'doc.pdf is not an image');
    await expectRefused([['kind', 'token_logo'], ['file', file(fileOf('pdf', 1000), 'doc.pdf')]], 'Invalid file type');
  });

  it('profile photos: any image up to 3 MB', async () => {
    const webp = fileOf('webp', 3 * MB);
    await expectStored([['kind', 'profile_photo'], ['file', file(webp, 'me.webp')]], webp);
    const res = await upload([['kind', 'profile_photo'], ['file', file(fileOf('jpeg', 3 * MB + 1), 'me.jpg')]]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please choose an image under 3MB', title: 'File too large' });
    await expectRefused([['kind', 'profile_photo'], ['file', file(fileOf('webm', 1000), 'me.webm')]], 'Invalid file type');
  });

  it('campaign videos: MP4, WebM or MOV up to 50 MB; AVI and MKV too on the manage page', async () => {
    for (const format of ['mp4', 'webm', 'mov'] as const) {
      const data = fileOf(format, 2000);
      await expectStored([['kind', 'campaign_video'], ['file', file(data, `v.${format}`)]], data);
    }
    await expectRefused([['kind', 'campaign_video'], ['file', file(fileOf('avi', 2000), 'v.avi')]], 'Invalid file type');
    const atLimit = fileOf('mp4', 50 * MB);
    await expectStored([['kind', 'campaign_video'], ['file', file(atLimit, 'v.mp4')]], atLimit);
    const over = fileOf('mp4', 50 * MB + 1);
    await expectRefused([['kind', 'campaign_video'], ['file', file(over, 'v.mp4')]], 'Video must be under 50MB');

    for (const format of ['avi', 'mkv', 'mov'] as const) {
      const data = fileOf(format, 2000);
      await expectStored([['kind', 'campaign_video'], ['purpose', 'manage'], ['file', file(data, `v.${format}`)]], data);
    }
    await expectRefused([['kind', 'campaign_video'], ['purpose', 'manage'], ['file', file(fileOf('png', 2000), 'v.png')]],
      'Please upload MP4, WebM, MOV, AVI, or MKV video files');
    await expectRefused([['kind', 'campaign_video'], ['purpose', 'manage'], ['file', file(over, 'v.mkv')]], 'Video must be under 50MB (Pinata limit)');
  });

  it('judges files by their bytes: a PNG named .mp4 and a text file named .png are refused', async () => {
    await expectRefused([['kind', 'campaign_video'], ['file', file(fileOf('png', 5000), 'movie.mp4', 'video/mp4')]], 'Invalid file type');
    const text = Buffer.from('just some text, not an image at all\n'.repeat(10));
    await expectRefused([['kind', 'token_logo'], ['file', file(text, 'logo.png', 'image/png')]], 'Invalid file type');
    await expectRefused([['kind', 'profile_photo'], ['file', file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml')]], 'Invalid file type');
    await expectRefused([['kind', 'token_logo'], ['file', file(Buffer.alloc(0), 'empty.png', 'image/png')]], 'Invalid file type');
  });

  it('applies the rules when the fields come after the file', async () => {
    await expectRefused([['file', file(fileOf('png', 3 * MB + 1), 'me.png')], ['kind', 'profile_photo']], 'Please choose an image under 3MB');
    await expectRefused([['file', file(fileOf('mp4', 1000), 'me.mp4')], ['kind', 'profile_photo']], 'Invalid file type');
    const data = fileOf('gif', 1234);
    await expectStored([['file', file(data, 'me.gif')], ['kind', 'profile_photo']], data);
  });

  it('refuses bad fields', async () => {
    const png = file(fileOf('png', 100), 'a.png');
    await expectRefused([['file', png]], 'kind must be one of token_logo, profile_photo, campaign_photo, campaign_video, verification_document');
    await expectRefused([['kind', 'avatar'], ['file', png]], 'kind must be one of token_logo, profile_photo, campaign_photo, campaign_video, verification_document');
    await expectRefused([['kind', 'token_logo'], ['purpose', 'gallery'], ['file', png]], "purpose 'gallery' does not go with kind 'token_logo'");
    await expectRefused([['kind', 'token_logo'], ['keyvalues', '{bad']], 'keyvalues must be a JSON object');
    await expectRefused([['kind', 'token_logo']], 'No file was uploaded');
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: { kind: 'token_logo' }, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Expected a multipart/form-data upload');
  });

  it('stores the same bytes once, and serves them back unchanged', async () => {
    const data = fileOf('png', 200_000);
    const first = await expectStored([['kind', 'token_logo'], ['name', 'Logo'], ['keyvalues', '{"campaign":"abc"}'], ['file', file(data, 'a.png')]], data);
    const before = stored();
    const second = await expectStored([['kind', 'campaign_photo'], ['file', file(data, 'b.png')]], data);
    expect(second).toBe(first);
    expect(stored()).toEqual(before);
    expect(stored().filter((f) => f === first)).toHaveLength(1);
    expect(staged()).toEqual([]);

    const res = await t.app.inject({ method: 'GET', url: `/ipfs/${first}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('POST /api/uploads: rate and quota', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ UPLOADS_PER_MINUTE: '3', UPLOAD_QUOTA_MB: '1' }); });
  afterAll(async () => { await t.close(); });

  const filesIn = () => {
    const dir = path.join(t.dataDir, 'files');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith('.')).length : 0;
  };
  const upload = async (cookie: string, size: number, remoteAddress: string) => {
    const body = await multipartBody([['kind', 'token_logo'], ['file', { data: fileOf('png', size), filename: 'a.png', type: 'image/png' }]]);
    return t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie }, remoteAddress });
  };
  const expect429 = (res: Awaited<ReturnType<typeof upload>>, message: string) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ error: message });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('allows UPLOADS_PER_MINUTE a minute per wallet and per address, refused ones counted too', async () => {
    const alice = await signInWallet(t.app);
    const address = testIp();
    for (let i = 0; i < 3; i++) expect((await upload(alice.cookie, 1000, address)).statusCode).toBe(200);
    const stored = filesIn();
    expect429(await upload(alice.cookie, 1000, address), uploadMessages.tooFast);
    // The same wallet from elsewhere: still its own minute.
    expect429(await upload(alice.cookie, 1000, testIp()), uploadMessages.tooFast);
    // Another wallet from the same address: the address's minute is used up.
    const bob = await signInWallet(t.app);
    expect429(await upload(bob.cookie, 1000, address), uploadMessages.tooFast);
    expect(filesIn()).toBe(stored);

    const now = t.services.now;
    t.services.now = () => new Date(Date.now() + 61_000);
    try {
      expect((await upload(alice.cookie, 1000, address)).statusCode).toBe(200);
    } finally {
      t.services.now = now;
    }
  });

  it('stores at most UPLOAD_QUOTA_MB a day per wallet, and nothing of a refused upload', async () => {
    const carol = await signInWallet(t.app);
    expect((await upload(carol.cookie, 600_000, testIp())).statusCode).toBe(200);
    const stored = filesIn();
    expect429(await upload(carol.cookie, 600_000, testIp()), uploadMessages.quota(1));
    expect(filesIn()).toBe(stored);
    // Under what is left: still fine.
    expect((await upload(carol.cookie, 300_000, testIp())).statusCode).toBe(200);

    const now = t.services.now;
    t.services.now = () => new Date(Date.now() + 24 * 3_600_000 + 60_000);
    try {
      // A day on, the first session is long over: the same wallet signs in again.
      const again = await signInWallet(t.app, carol.keypair);
      expect((await upload(again.cookie, 600_000, testIp())).statusCode).toBe(200);
    } finally {
      t.services.now = now;
    }
  });

  it('stores at most four times the quota a day from one address, whatever the wallets', async () => {
    const address = testIp();
    const now = t.services.now;
    let minute = 0;
    try {
      for (let i = 0; i < 4; i++) {
        // A new minute each time: only the byte quota is in play here.
        t.services.now = () => new Date(Date.now() + ++minute * 61_000);
        const wallet = await signInWallet(t.app);
        expect((await upload(wallet.cookie, 1_000_000, address)).statusCode).toBe(200);
      }
      t.services.now = () => new Date(Date.now() + ++minute * 61_000);
      const fifth = await signInWallet(t.app);
      expect429(await upload(fifth.cookie, 1_000_000, address), uploadMessages.quota(1));
    } finally {
      t.services.now = now;
    }
  });
});
