import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { pruneLimitsJob } from '../../jobs/pruneLimits';
import { uploadMessages } from '../../policies/uploadLimits';
import { multipartBody } from '../../testing/multipart';
import { signInWallet, testIp } from '../../testing/wallet';
import { createWebPair, type WebPair } from '../../testing/webPair';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const DAY_MS = 24 * 3_600_000;

/** A PNG-headed file of `size` bytes, unique (random bytes after the magic). */
function png(size: number): Buffer {
  const buf = Buffer.alloc(size);
  Buffer.from(PNG_MAGIC).copy(buf);
  randomBytes(32).copy(buf, PNG_MAGIC.length);
  return buf;
}

describe('the daily upload quota across web processes (two apps, one database)', () => {
  let pair: WebPair;
  let clock = Date.now();
  // The per-minute rate is per process by design; a new minute before each upload keeps it out of play.
  const nextMinute = () => { clock += 61_000; };
  beforeAll(async () => {
    pair = await createWebPair({ UPLOADS_PER_MINUTE: '1000', UPLOAD_QUOTA_MB: '1' });
    pair.setNow(() => new Date(clock));
  });
  afterAll(async () => { await pair?.close(); });

  const upload = async (web: number, cookie: string, size: number, remoteAddress: string) => {
    nextMinute();
    const body = await multipartBody([['kind', 'token_logo'], ['file', { data: png(size), filename: 'a.png', type: 'image/png' }]]);
    return pair.apps[web]!.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie }, remoteAddress });
  };
  const expectQuota = (res: Awaited<ReturnType<typeof upload>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ error: uploadMessages.quota(1) });
  };

  it('a wallet uploading through both processes stores at most UPLOAD_QUOTA_MB a day in all', async () => {
    const carol = await signInWallet(pair.apps[0]);
    const first = clock;
    // 3 × 300,000 bytes fit in 1 MB (1,048,576), alternately on each process; a fourth does not, on either.
    for (let i = 0; i < 3; i++) expect((await upload(i % 2, carol.cookie, 300_000, testIp())).statusCode).toBe(200);
    for (const web of [0, 1]) {
      const refused = await upload(web, carol.cookie, 300_000, testIp());
      expectQuota(refused);
      // Room comes back when the first upload is a day old.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Math.abs(retryAfter * 1000 - (first + 61_000 + DAY_MS - clock))).toBeLessThan(2_000);
    }
    // What is left still fits, on either.
    expect((await upload(1, carol.cookie, 100_000, testIp())).statusCode).toBe(200);
    expectQuota(await upload(0, carol.cookie, 100_000, testIp()));
    // A day after the first upload, the room it took is free again.
    clock = first + DAY_MS + 1;
    const again = await signInWallet(pair.apps[1], carol.keypair);
    expect((await upload(0, again.cookie, 300_000, testIp())).statusCode).toBe(200);
  });

  it('one address stores at most four times the quota a day through both processes, whatever the wallets', async () => {
    const address = testIp();
    for (let i = 0; i < 4; i++) {
      const wallet = await signInWallet(pair.apps[i % 2]!);
      expect((await upload(i % 2, wallet.cookie, 1_000_000, address)).statusCode).toBe(200);
    }
    for (const web of [0, 1]) expectQuota(await upload(web, (await signInWallet(pair.apps[web]!)).cookie, 1_000_000, address));
  });

  it('records each stored upload with its size and address, none of a refused one, and forgets the address after the day', async () => {
    const address = testIp();
    const dave = await signInWallet(pair.apps[0]);
    expect((await upload(1, dave.cookie, 700_000, address)).statusCode).toBe(200);
    expectQuota(await upload(0, dave.cookie, 700_000, address));
    const daves = async () => (await pair.services[0].db.select({ size: uploads.sizeBytes, address: uploads.clientAddress, by: uploads.uploadedBy })
      .from(uploads)).filter((r) => r.by === dave.wallet);
    expect(await daves()).toEqual([{ size: 700_000, address, by: dave.wallet }]);
    // The prune-limits job keeps the address while the quota counts the upload...
    await pruneLimitsJob.run(pair.services[0]);
    expect(await daves()).toEqual([{ size: 700_000, address, by: dave.wallet }]);
    // ...and forgets it once the upload is a day old; the upload's row stays.
    clock += DAY_MS;
    await pruneLimitsJob.run(pair.services[1]);
    expect(await daves()).toEqual([{ size: 700_000, address: null, by: dave.wallet }]);
  });
});
