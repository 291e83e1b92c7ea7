import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../../core/schemas/campaignContent';
import { campaignGallery, campaigns, userProfiles } from '../../db/schema';
import { NOT_CAMPAIGN_CREATOR, NOT_PLATFORM_CAMPAIGN } from '../../policies/campaigns';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { multipartBody } from '../../testing/multipart';
import { signInWallet, type SignedIn } from '../../testing/wallet';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const MP4 = Buffer.from('\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2mp41', 'latin1');
const withNoise = (head: Buffer) => Buffer.concat([head, randomBytes(64)]);
// A well-formed CID of bytes nobody uploaded.
const UNKNOWN_CID = 'bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe';

describe('a creator\'s gallery, updates and video', () => {
  let t: TestApp;
  let creator: SignedIn;
  let other: SignedIn;
  let fingerprint: () => Promise<string>;
  let campaignId: number;
  let launchPhotos: number[];

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });
  const upload = async (who: SignedIn, kind: string, purpose: string, data: Buffer, filename: string) => {
    const body = await multipartBody([['kind', kind], ['purpose', purpose], ['file', { data, filename }]]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };
  const photoUrl = () => upload(creator, 'campaign_photo', 'gallery', withNoise(Buffer.from(PNG)), 'photo.png');
  const videoUrl = () => upload(creator, 'campaign_video', 'manage', withNoise(MP4), 'clip.mp4');
  /** Expects the status and message, and nothing written by the request. */
  const refused = async (status: number, error: string, ...args: Parameters<typeof send>) => {
    const before = await fingerprint();
    const res = await send(...args);
    expect(res.statusCode, `${args[0]} ${args[1]}: ${res.body}`).toBe(status);
    expect(res.json().error).toBe(error);
    expect(await fingerprint()).toBe(before);
  };
  const gallery = async () => (await send('GET', '/api/campaigns/MintMine/gallery')).json().photos as { id: number; url: string; caption: string | null; position: number }[];

  beforeAll(async () => {
    t = await createTestApp({ UPLOADS_PER_MINUTE: '1000' });
    [creator, other] = [await signInWallet(t.app), await signInWallet(t.app)];
    const base = { ticker: 'MINE', name: 'Mine', goalLamports: 10n ** 11n };
    const [mine] = await t.services.db.insert(campaigns).values([
      { ...base, creatorWallet: creator.wallet, tokenAddress: 'MintMine', requestId: 'req-mine' },
      // Not from our launch flow: no request id.
      { ...base, ticker: 'ELSE', creatorWallet: creator.wallet, tokenAddress: 'MintForeign' },
      // Creator rights compare the base58 address exactly.
      { ...base, ticker: 'CASE', creatorWallet: creator.wallet.toLowerCase(), tokenAddress: 'MintCase', requestId: 'req-case' },
    ]).returning({ id: campaigns.id });
    campaignId = mine!.id;
    // As the launch saves the creation form's photos: main photo at position 0.
    launchPhotos = (await t.services.db.insert(campaignGallery).values([
      { campaignId, imageUrl: '/ipfs/launch-main', orderIndex: 0 }, { campaignId, imageUrl: '/ipfs/launch-2', orderIndex: 1 },
    ]).returning({ id: campaignGallery.id })).map((r) => r.id);
    fingerprint = await fingerprinter(t.services.database);
  });
  afterAll(async () => { await t.close(); });

  it('reads the launch photos, no updates and no video; an unknown campaign is 404', async () => {
    expect(await gallery()).toMatchObject([{ id: launchPhotos[0], url: '/ipfs/launch-main', caption: null, position: 0 }, { position: 1 }]);
    expect((await send('GET', '/api/campaigns/MintMine/updates')).json()).toEqual({ updates: [] });
    expect((await send('GET', '/api/campaigns/MintMine/video')).json()).toEqual({ video: null });
    for (const part of ['gallery', 'updates', 'video']) {
      const res = await send('GET', `/api/campaigns/NoSuchMint/${part}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Campaign not found');
    }
  });

  it('tells the app which campaigns are platform-created (their page and the lists), so it shows the spec text instead of controls', async () => {
    expect((await send('GET', '/api/campaigns/MintMine')).json()).toMatchObject({ platform_created: true, request_id: 'req-mine' });
    expect((await send('GET', '/api/campaigns/MintForeign')).json()).toMatchObject({ platform_created: false, request_id: null });
    const listed = (await send('GET', '/api/campaigns?limit=50')).json().campaigns as { token_address: string; platform_created: boolean }[];
    expect(Object.fromEntries(listed.map((c) => [c.token_address, c.platform_created]))).toMatchObject({ MintMine: true, MintForeign: false });
    // The refusal's text is the one the app shows (core/schemas/campaignContent.ts).
    expect(NOT_PLATFORM_CAMPAIGN).toBe('Photo, video and update management is only available for campaigns created through the platform');
  });

  it('lets only the signed-in creator of a platform-created campaign write, storing nothing otherwise', async () => {
    const imageUrl = await photoUrl();
    const writes: [Parameters<typeof send>[0], string, object?][] = [
      ['POST', '/api/campaigns/MintMine/gallery', { imageUrl }],
      ['PATCH', `/api/campaigns/MintMine/gallery/${launchPhotos[0]}`, { caption: 'x' }],
      ['DELETE', `/api/campaigns/MintMine/gallery/${launchPhotos[0]}`],
      ['POST', '/api/campaigns/MintMine/updates', { title: 'Hi', content: 'There' }],
      ['PUT', '/api/campaigns/MintMine/video', { videoUrl: await videoUrl() }],
      ['DELETE', '/api/campaigns/MintMine/video'],
    ];
    for (const [method, url, body] of writes) {
      await refused(401, WALLET_REQUIRED_MESSAGE, method, url, undefined, body);
      await refused(403, NOT_CAMPAIGN_CREATOR, method, url, other, body);
      await refused(403, NOT_PLATFORM_CAMPAIGN, method, url.replace('MintMine', 'MintForeign'), creator, body);
      await refused(403, NOT_CAMPAIGN_CREATOR, method, url.replace('MintMine', 'MintCase'), creator, body);
    }
  });

  it('adds a gallery photo from an upload, at the end, and refuses URLs that are not our image uploads', async () => {
    const imageUrl = await photoUrl();
    const added = await send('POST', '/api/campaigns/MintMine/gallery', creator, { imageUrl, caption: '  First day  ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ url: imageUrl, caption: 'First day', position: 2 });
    expect((await gallery()).map((p) => p.url)).toEqual(['/ipfs/launch-main', '/ipfs/launch-2', imageUrl]);

    const url = '/api/campaigns/MintMine/gallery';
    await refused(400, 'imageUrl must be a URL returned by the upload endpoint', 'POST', url, creator, { imageUrl: 'https://elsewhere.example/ipfs/x.png' });
    await refused(400, 'imageUrl names no uploaded file', 'POST', url, creator, { imageUrl: `/ipfs/${UNKNOWN_CID}` });
    await refused(400, 'imageUrl is not an image', 'POST', url, creator, { imageUrl: await videoUrl() });
    await refused(400, CONTENT_MESSAGES.imageUrlRequired, 'POST', url, creator, { imageUrl: ' ' });
    await refused(400, CONTENT_MESSAGES.caption, 'POST', url, creator, { imageUrl, caption: 'c'.repeat(201) });
  });

  it('re-captions and moves photos, keeping positions 0..n-1, and deletes them', async () => {
    const [main, second, third] = await gallery();
    const moved = await send('PATCH', `/api/campaigns/MintMine/gallery/${third!.id}`, creator, { position: 0, caption: 'Now first' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: third!.id, position: 0, caption: 'Now first' });
    expect((await gallery()).map((p) => [p.id, p.position])).toEqual([[third!.id, 0], [main!.id, 1], [second!.id, 2]]);
    // Past the end is last; a blank caption clears it.
    await send('PATCH', `/api/campaigns/MintMine/gallery/${third!.id}`, creator, { position: 50, caption: ' ' });
    expect((await gallery()).map((p) => [p.id, p.position, p.caption])).toEqual([[main!.id, 0, null], [second!.id, 1, null], [third!.id, 2, null]]);

    const patch = `/api/campaigns/MintMine/gallery/${main!.id}`;
    await refused(400, CONTENT_MESSAGES.nothingToChange, 'PATCH', patch, creator, {});
    await refused(400, CONTENT_MESSAGES.position, 'PATCH', patch, creator, { position: -1 });
    await refused(400, CONTENT_MESSAGES.position, 'PATCH', patch, creator, { position: 1.5 });
    await refused(404, 'Photo not found', 'PATCH', '/api/campaigns/MintMine/gallery/999999', creator, { caption: 'x' });
    await refused(400, 'id must be a positive whole number', 'PATCH', '/api/campaigns/MintMine/gallery/99999999999', creator, { caption: 'x' });

    expect((await send('DELETE', `/api/campaigns/MintMine/gallery/${main!.id}`, creator)).statusCode).toBe(204);
    expect((await gallery()).map((p) => [p.id, p.position])).toEqual([[second!.id, 0], [third!.id, 1]]);
    await refused(404, 'Photo not found', 'DELETE', `/api/campaigns/MintMine/gallery/${main!.id}`, creator);
  });

  it('posts updates with a non-blank title and content, lists them newest first, and deletes them', async () => {
    const url = '/api/campaigns/MintMine/updates';
    await refused(400, CONTENT_MESSAGES.titleRequired, 'POST', url, creator, { title: '   ', content: 'Body' });
    await refused(400, CONTENT_MESSAGES.contentRequired, 'POST', url, creator, { title: 'Title', content: '\n\t ' });
    await refused(400, CONTENT_MESSAGES.titleRequired, 'POST', url, creator, { content: 'Body' });
    const first = await send('POST', url, creator, { title: ' Wells dug ', content: 'Two of three.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Wells dug', content: 'Two of three.', author_wallet: creator.wallet });
    const second = (await send('POST', url, creator, { title: 'Done', content: 'All three.' })).json();
    const listed = (await send('GET', url)).json().updates;
    expect(listed.map((u: { id: number }) => u.id)).toEqual([second.id, first.json().id]);
    expect(Object.keys(listed[0]).sort()).toEqual(['author_name', 'author_wallet', 'content', 'created_at', 'id', 'title']);
    expect(listed[0].author_name).toBeNull();
    // Once the creator picks a profile name, the updates carry it.
    await t.services.db.insert(userProfiles).values({ walletAddress: creator.wallet, username: 'Well Digger' });
    expect((await send('GET', url)).json().updates.map((u: { author_name: string }) => u.author_name)).toEqual(['Well Digger', 'Well Digger']);

    await refused(403, NOT_CAMPAIGN_CREATOR, 'DELETE', `${url}/${second.id}`, other);
    expect((await send('DELETE', `${url}/${second.id}`, creator)).statusCode).toBe(204);
    await refused(404, 'Update not found', 'DELETE', `${url}/${second.id}`, creator);
    expect((await send('GET', url)).json().updates.map((u: { id: number }) => u.id)).toEqual([first.json().id]);
  });

  it('sets, replaces and removes the one campaign video from a video upload', async () => {
    const url = '/api/campaigns/MintMine/video';
    await refused(400, 'videoUrl is not a video', 'PUT', url, creator, { videoUrl: await photoUrl() });
    await refused(400, CONTENT_MESSAGES.videoUrlRequired, 'PUT', url, creator, {});
    const [firstUrl, secondUrl] = [await videoUrl(), await videoUrl()];
    const set = await send('PUT', url, creator, { videoUrl: firstUrl });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().video).toMatchObject({ url: firstUrl, uploaded_by: creator.wallet, is_primary: true });
    await send('PUT', url, creator, { videoUrl: secondUrl });
    expect((await send('GET', url)).json().video).toMatchObject({ url: secondUrl, title: 'Campaign Video' });
    const show = (await send('GET', '/api/campaigns/MintMine')).json();
    expect([show.video_url, show.videos.length]).toEqual([secondUrl, 1]);

    expect((await send('DELETE', url, creator)).statusCode).toBe(204);
    expect((await send('GET', url)).json()).toEqual({ video: null });
    const [row] = await t.services.db.select({ videoUrl: campaigns.videoUrl }).from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.videoUrl).toBeNull();
    await refused(404, 'This campaign has no video', 'DELETE', url, creator);
  });
});
