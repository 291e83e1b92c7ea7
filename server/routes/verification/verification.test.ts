import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SESSION_MS } from '../../../core/constants';
import { VERIFICATION_MESSAGES as M, VERIFICATION_REQUESTS_PER_HOUR } from '../../../core/schemas/verification';
import { adminAuditLog, campaigns, verificationRequests } from '../../db/schema';
import type { AppEvent } from '../../events/hub';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { randomBytes } from 'node:crypto';
import { fingerprinter } from '../../testing/dbFingerprint';
import { multipartBody } from '../../testing/multipart';
import { signInWallet, testIp, type SignedIn } from '../../testing/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../admin/testAdmin';
import { SUBMIT_ATTEMPTS } from './verification';

const FORM = {
  contact_name: 'Ada Lovelace', contact_email: 'ada@example.org', agree_accuracy: true, agree_cooperation: true,
  organization_name: 'Clean Water Trust', organization_type: 'charity', registration_number: '@cleanwater',
  website: 'https://cleanwater.example.org', description: 'We dig wells.',
};

describe('verification requests', () => {
  let t: TestApp;
  let creator: SignedIn;
  let other: SignedIn;
  let adminCookie: string;
  let fingerprint: () => Promise<string>;
  const events: AppEvent[] = [];

  // Each request from its own address: the per-address attempt limit is not what these cases test.
  const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url, headers, remoteAddress: testIp(), ...(payload ? { payload } : {}) });
  const apply = (who: SignedIn | null, body: object) => send('POST', '/api/verification-requests', who ? { cookie: who.cookie } : {}, body);
  const refused = async (status: number, error: string, res: Promise<Awaited<ReturnType<typeof send>>>) => {
    const before = await fingerprint();
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().error).toBe(error);
    expect(await fingerprint()).toBe(before);
  };
  const campaign = async (mint: string) => (await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, mint)))[0]!;
  const lastAudit = async () => (await t.services.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0]!;

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    [creator, other] = [await signInWallet(t.app), await signInWallet(t.app)];
    adminCookie = await loginTestAdmin(t.app);
    const base = { name: 'Wells', goalLamports: 10n ** 11n, creatorWallet: creator.wallet };
    await t.services.db.insert(campaigns).values([
      { ...base, ticker: 'WELL', tokenAddress: 'MintWell', requestId: 'req-well' },
      { ...base, ticker: 'SECOND', tokenAddress: 'MintSecond' },
      { ...base, ticker: 'DONE', tokenAddress: 'MintDone', verified: true },
      { ...base, ticker: 'LATER', tokenAddress: 'MintLater' },
      { ...base, ticker: 'LATER', tokenAddress: 'MintLaterOther', creatorWallet: other.wallet },
    ]);
    fingerprint = await fingerprinter(t.services.database);
    t.services.events.subscribe((e) => events.push(e));
  });
  afterAll(async () => { await t.close(); });
  beforeEach(() => { events.length = 0; });

  it('refuses without a signed-in wallet, and a forged session cookie, storing nothing', async () => {
    await refused(401, WALLET_REQUIRED_MESSAGE, apply(null, { ...FORM, token_address: 'MintWell' }));
    await refused(401, WALLET_REQUIRED_MESSAGE, send('POST', '/api/verification-requests', { cookie: `cm_session=${'ab'.repeat(32)}` }, FORM));
    expect((await send('GET', '/api/verification-requests/mine')).statusCode).toBe(401);
  });

  it("refuses another wallet applying for someone else's campaign, an unknown campaign and a verified one", async () => {
    await refused(403, M.notCreator, apply(other, { ...FORM, token_address: 'MintWell' }));
    await refused(404, M.campaignNotFound, apply(creator, { ...FORM, token_address: 'NoSuchMint' }));
    await refused(409, M.alreadyVerified, apply(creator, { ...FORM, token_address: 'MintDone' }));
  });

  it("refuses missing fields and agreements with the spec's words", async () => {
    const { contact_email: _e, ...noEmail } = FORM;
    await refused(400, M.emailRequired, apply(creator, { ...noEmail, token_address: 'MintWell' }));
    await refused(400, M.emailRequired, apply(creator, { ...FORM, contact_email: '  ', token_address: 'MintWell' }));
    await refused(400, M.emailInvalid, apply(creator, { ...FORM, contact_email: 'not-an-email', token_address: 'MintWell' }));
    for (const agreements of [{ agree_accuracy: false }, { agree_cooperation: undefined }, { agree_accuracy: 'true' }]) {
      await refused(400, 'You must agree to the terms and verification process', apply(creator, { ...FORM, ...agreements, token_address: 'MintWell' }));
    }
    await refused(400, M.website, apply(creator, { ...FORM, website: 'not a site', token_address: 'MintWell' }));
    await refused(400, M.donationWallet, apply(creator, { ...FORM, donation_wallet: 'xyz', token_address: 'MintWell' }));
    await refused(400, 'Please choose an organization type', apply(creator, { ...FORM, organization_type: 'club', token_address: 'MintWell' }));
  });

  it('stores a pending request for the creator (ticker and name from the campaign, wallet from the session), once', async () => {
    const res = await apply(creator, { ...FORM, token_address: 'MintWell', campaign_ticker: 'FAKE', creator_wallet: other.wallet });
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe('pending');
    const [row] = await t.services.db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
    expect(row).toMatchObject({ campaignTicker: 'WELL', campaignName: 'Wells', tokenAddress: 'MintWell', creatorWallet: creator.wallet, registrationNumber: '@cleanwater', organizationType: 'charity', status: 'pending' });
    // On PostgreSQL events arrive through LISTEN/NOTIFY, a moment after the answer.
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'verification_request_submitted', id }));

    // A second pending request for the same campaign, even two at once, is refused.
    await refused(409, M.alreadyPending, apply(creator, { ...FORM, token_address: 'MintWell' }));
    const raced = await Promise.all([apply(creator, { ...FORM, token_address: 'MintSecond' }), apply(creator, { ...FORM, token_address: 'MintSecond' })]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const mine = (await send('GET', '/api/verification-requests/mine', { cookie: creator.cookie })).json().requests;
    expect(mine.map((r: { campaign_ticker: string }) => r.campaign_ticker)).toEqual(['SECOND', 'WELL']);
    expect(mine[1]).toMatchObject({ status: 'pending', contact_email: 'ada@example.org', reviewed_at: null });
    expect((await send('GET', '/api/verification-requests/mine', { cookie: other.cookie })).json().requests).toEqual([]);
  });

  it('admin review: 401 without a session, forged or expired; list newest first with the campaign', async () => {
    const list = '/api/admin/verification-requests?status=pending';
    for (const headers of [{}, { cookie: `cm_admin=${'0'.repeat(64)}` }, { cookie: creator.cookie }] as Record<string, string>[]) {
      expect((await send('GET', list, headers)).statusCode).toBe(401);
    }
    const [first] = (await send('GET', list, { cookie: adminCookie })).json().requests;
    await refused(401, 'Admin session required', send('POST', `/api/admin/verification-requests/${first.id}/approve`, { cookie: `cm_admin=${'0'.repeat(64)}` }, {}));
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + ADMIN_SESSION_MS + 60_000);
    try {
      await refused(401, 'Admin session required', send('POST', `/api/admin/verification-requests/${first.id}/approve`, { cookie: adminCookie }, {}));
    } finally { t.services.now = realNow; }
    await refused(403, 'Cross-origin request refused', send('POST', `/api/admin/verification-requests/${first.id}/approve`, { cookie: adminCookie, origin: 'https://evil.example' }, {}));

    const body = (await send('GET', list, { cookie: adminCookie })).json();
    expect(body.requests.map((r: { campaign_ticker: string }) => r.campaign_ticker)).toEqual(['SECOND', 'WELL']);
    expect(body.requests[1].campaign).toMatchObject({ ticker: 'WELL', verified: false, backers: 0 });
    expect(body.counts).toEqual({ pending: 2 });
    expect((await send('GET', '/api/admin/verification-requests?status=maybe', { cookie: adminCookie })).statusCode).toBe(400);
  });

  it('approves: status, default notes, reviewed_at, the campaign verified, audited and announced; only while pending', async () => {
    const [req] = (await send('GET', '/api/admin/verification-requests?status=pending', { cookie: adminCookie })).json().requests
      .filter((r: { campaign_ticker: string }) => r.campaign_ticker === 'WELL');
    const res = await send('POST', `/api/admin/verification-requests/${req.id}/approve`, { cookie: adminCookie }, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', reviewer_notes: 'Approved by admin' });
    expect(res.json().reviewed_at).toEqual(expect.any(String));
    expect((await campaign('MintWell')).verified).toBe(true);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'verification_approved', adminUsername: 'boss', target: `verification_request:${req.id}` });
    // The real before and after: the request's status and notes, and the matched campaign's verified flag.
    const well = { id: (await campaign('MintWell')).id, token_address: 'MintWell' };
    expect(audit.details).toMatchObject({
      before: { status: 'pending', reviewer_notes: null, token_address: 'MintWell', campaigns: [{ ...well, verified: false }] },
      after: { status: 'approved', reviewer_notes: 'Approved by admin', token_address: 'MintWell', campaigns: [{ ...well, verified: true }] },
    });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['verification_request_reviewed', 'campaign_moderated'])));

    await refused(409, M.notPending, send('POST', `/api/admin/verification-requests/${req.id}/reject`, { cookie: adminCookie }, {}));
    await refused(409, M.notPending, send('POST', `/api/admin/verification-requests/${req.id}/approve`, { cookie: adminCookie }, {}));
    await refused(404, M.notFound, send('POST', '/api/admin/verification-requests/999999/approve', { cookie: adminCookie }, {}));
    await refused(400, 'id must be a positive whole number', send('POST', '/api/admin/verification-requests/abc/approve', { cookie: adminCookie }, {}));
    // Approved: a new request for it is refused as already verified.
    await refused(409, M.alreadyVerified, apply(creator, { ...FORM, token_address: 'MintWell' }));
  });

  it('rejects with notes (or the default) and leaves the campaign unverified', async () => {
    const [req] = (await send('GET', '/api/admin/verification-requests?status=pending', { cookie: adminCookie })).json().requests;
    const res = await send('POST', `/api/admin/verification-requests/${req.id}/reject`, { cookie: adminCookie }, { notes: '  ' });
    expect(res.json()).toMatchObject({ status: 'rejected', reviewer_notes: 'Rejected by admin' });
    expect((await campaign('MintSecond')).verified).toBe(false);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'verification_rejected', target: `verification_request:${req.id}` });
    const second = { id: (await campaign('MintSecond')).id, token_address: 'MintSecond', verified: false };
    expect(audit.details).toMatchObject({
      before: { status: 'pending', reviewer_notes: null, campaigns: [second] },
      after: { status: 'rejected', reviewer_notes: 'Rejected by admin', campaigns: [second] },
    });
    // Rejected is no longer pending: the creator may apply again, with notes kept on the old one.
    const again = await apply(creator, { ...FORM, token_address: 'MintSecond' });
    expect(again.statusCode).toBe(201);
    const notes = await send('POST', `/api/admin/verification-requests/${again.json().id}/reject`, { cookie: adminCookie }, { notes: 'No proof of cause' });
    expect(notes.json().reviewer_notes).toBe('No proof of cause');
  });

  it("a pre-verification: one pending per wallet; approval verifies the applicant's own campaign of that ticker only", async () => {
    const res = await apply(creator, { ...FORM, campaign_ticker: 'later' });
    expect(res.statusCode, res.body).toBe(201);
    await refused(409, M.alreadyPendingPre, apply(creator, { ...FORM, campaign_ticker: 'OTHER' }));
    const approved = await send('POST', `/api/admin/verification-requests/${res.json().id}/approve`, { cookie: adminCookie }, { notes: 'Known charity' });
    // Linked to the campaign it verified: that campaign took it (a later launch of LATER does not).
    expect(approved.json()).toMatchObject({ status: 'approved', reviewer_notes: 'Known charity', campaign_ticker: 'LATER', token_address: 'MintLater' });
    expect((await campaign('MintLater')).verified).toBe(true);
    expect((await campaign('MintLaterOther')).verified).toBe(false);
    const later = { id: (await campaign('MintLater')).id, token_address: 'MintLater' };
    expect((await lastAudit()).details).toMatchObject({
      before: { status: 'pending', token_address: null, campaigns: [{ ...later, verified: false }] },
      after: { status: 'approved', reviewer_notes: 'Known charity', token_address: 'MintLater', campaigns: [{ ...later, verified: true }] },
    });
  });

  it('keeps supporting documents that are PDFs or images uploaded here, and refuses anything else', async () => {
    const applicant = await signInWallet(t.app);
    const upload = async (data: Buffer, filename: string) => {
      const body = await multipartBody([['kind', 'verification_document'], ['file', { data, filename }]]);
      return t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie: applicant.cookie } });
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), randomBytes(64)]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), randomBytes(64)]);
    const uploaded = await upload(png, 'proof.png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().url as string;
    const pdfUploaded = await upload(pdf, 'registration.pdf');
    expect(pdfUploaded.statusCode, pdfUploaded.body).toBe(200);
    const pdfUrl = pdfUploaded.json().url as string;
    const text = await upload(Buffer.from('just some words, not a document format'), 'notes.txt');
    expect([text.statusCode, text.json().error]).toEqual([400, 'notes.txt is not a PDF or an image']);
    // A file is served as what its bytes are: the PDF as a PDF, sandboxed.
    const served = await t.app.inject({ method: 'GET', url: pdfUrl, headers: { cookie: applicant.cookie } });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(served.headers['content-security-policy']).toContain('sandbox');

    await refused(400, M.documentNotOurs, apply(applicant, { ...FORM, documents: ['https://elsewhere.example/proof.png'] }));
    await refused(400, M.documentNotOurs, apply(applicant, { ...FORM, documents: ['/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe'] }));
    await refused(400, M.documents, apply(applicant, { ...FORM, documents: Array(6).fill(url) }));
    const res = await apply(applicant, { ...FORM, documents: [url, pdfUrl] });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.services.db.select().from(verificationRequests).where(eq(verificationRequests.id, res.json().id));
    expect(row.documents).toEqual([url, pdfUrl]);
  });

  it('serves a document only to its uploader and admins, never cached; another wallet can neither read nor attach it', async () => {
    const [applicant, stranger] = [await signInWallet(t.app), await signInWallet(t.app)];
    const upload = async (who: SignedIn, kind: string, data: Buffer) => {
      const body = await multipartBody([['kind', kind], ['file', { data, filename: 'proof.png' }]]);
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().url as string;
    };
    const read = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
    const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), randomBytes(64)]);
    const document = png();
    const url = await upload(applicant, 'verification_document', document);
    const hidden = { statusCode: 404, body: JSON.stringify({ error: 'File not found' }) };
    const unknown = await read('/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe');
    expect({ statusCode: unknown.statusCode, body: unknown.body }).toEqual(hidden);

    // Anyone else is answered exactly as for a CID we do not have, whatever they send.
    for (const headers of [{}, { cookie: stranger.cookie }, { cookie: `cm_admin=${'0'.repeat(64)}` }, { range: 'bytes=0-9' }, { 'if-none-match': `"${url.slice(6)}"` }] as Record<string, string>[]) {
      const res = await read(url, headers);
      expect({ statusCode: res.statusCode, body: res.body }, JSON.stringify(headers)).toEqual(hidden);
      expect(res.headers['cache-control']).toBeUndefined();
    }
    expect((await read(url, {}, 'HEAD')).statusCode).toBe(404);
    // The uploader and an admin get the bytes, marked never to be stored on the way.
    for (const cookie of [applicant.cookie, adminCookie]) {
      const res = await read(url, { cookie });
      expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'private, no-store']);
      expect(res.rawPayload.equals(document)).toBe(true);
    }

    // The stranger cannot attach it to a request of its own: 400, nothing stored.
    await refused(400, M.documentNotYours, apply(stranger, { ...FORM, documents: [url] }));
    // Uploading the same bytes (so having them) makes the stranger a reader too, and no one else.
    expect(await upload(stranger, 'verification_document', document)).toBe(url);
    expect((await read(url, { cookie: stranger.cookie })).statusCode).toBe(200);
    expect((await read(url)).statusCode).toBe(404);
    const res = await apply(applicant, { ...FORM, documents: [url] });
    expect(res.statusCode, res.body).toBe(201);

    // Other kinds stay public and cacheable, and uploading a public file as a document does not hide it.
    const photo = await upload(applicant, 'campaign_photo', png());
    expect(await upload(stranger, 'verification_document', (await read(photo)).rawPayload)).toBe(photo);
    const open = await read(photo);
    expect([open.statusCode, open.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    // ...and a public upload of a document's bytes makes them public (that uploader had them).
    const shared = png();
    const sharedUrl = await upload(applicant, 'verification_document', shared);
    expect((await read(sharedUrl)).statusCode).toBe(404);
    await upload(stranger, 'campaign_photo', shared);
    expect((await read(sharedUrl)).statusCode).toBe(200);
  });

  it(`limits a wallet to ${VERIFICATION_REQUESTS_PER_HOUR} requests an hour with a 429 and Retry-After`, async () => {
    const busy = await signInWallet(t.app);
    for (let i = 0; i < VERIFICATION_REQUESTS_PER_HOUR; i++) {
      const res = await apply(busy, { ...FORM, campaign_ticker: `TRY${i}` });
      expect(res.statusCode, res.body).toBe(201);
      await send('POST', `/api/admin/verification-requests/${res.json().id}/reject`, { cookie: adminCookie }, {});
    }
    const before = await fingerprint();
    const res = await apply(busy, { ...FORM, campaign_ticker: 'MORE' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(M.tooMany);
    expect(res.headers['retry-after']).toBe('3600');
    expect(await fingerprint()).toBe(before);
    // Once those are over an hour old the wallet may apply again.
    await t.services.db.update(verificationRequests).set({ submittedAt: new Date(Date.now() - 3_601_000) })
      .where(eq(verificationRequests.creatorWallet, busy.wallet));
    expect((await apply(busy, { ...FORM, campaign_ticker: 'MORE' })).statusCode).toBe(201);
  });

  it(`limits an address to ${SUBMIT_ATTEMPTS.max} attempts per 10 minutes, refused ones included, storing nothing`, async () => {
    expect(SUBMIT_ATTEMPTS).toMatchObject({ max: 30, windowMs: 10 * 60_000 });
    const applicant = await signInWallet(t.app);
    const ip = testIp();
    const from = (remoteAddress: string, body: object) => t.app.inject({
      method: 'POST', url: '/api/verification-requests', remoteAddress, headers: { cookie: applicant.cookie }, payload: body,
    });
    for (let i = 0; i < SUBMIT_ATTEMPTS.max; i++) {
      const res = await from(ip, { ...FORM, contact_email: '' });
      expect(res.statusCode).toBe(400);
    }
    const before = await fingerprint();
    const res = await from(ip, FORM);
    expect([res.statusCode, res.json().error]).toEqual([429, 'Too many verification attempts. Please try again later.']);
    expect(await fingerprint()).toBe(before);
    // Another address is not limited by this one's attempts.
    expect((await from(testIp(), { ...FORM, contact_email: '' })).statusCode).toBe(400);
    // Once the window has passed the address may try again (only Date is moved: the limiter reads Date.now()).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SUBMIT_ATTEMPTS.windowMs + 1_000);
      expect((await from(ip, { ...FORM, contact_email: '' })).statusCode).toBe(400);
    } finally { vi.useRealTimers(); }
  });
});
