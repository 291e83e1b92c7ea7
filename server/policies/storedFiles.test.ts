import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import { campaigns, uploads, verificationRequests } from '../db/schema';
import { cidFromSha256 } from '../storage/cid';
import { LocalStore } from '../storage/localStore';
import { createTestApp, type TestApp } from '../testing/app';
import { signInWallet, type SignedIn } from '../testing/wallet';
import { TEST_ADMIN_ENV, loginTestAdmin } from '../routes/admin/testAdmin';

describe('documents attached before uploads were recorded (migration 0018)', () => {
  let t: TestApp;
  let applicant: SignedIn;
  let adminCookie: string;
  // Stored with no upload row, as every file was before the uploads table.
  const storeLegacy = async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(64)]);
    const cid = cidFromSha256(createHash('sha256').update(data).digest());
    const store = LocalStore.forDataDir(t.dataDir);
    const temp = await store.tempPath();
    fs.writeFileSync(temp, data);
    await store.put({ path: temp, cid, size: data.length, contentType: 'application/pdf' });
    return `/ipfs/${cid}`;
  };
  const status = async (url: string, cookie?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;

  beforeAll(async () => {
    t = await createTestApp(TEST_ADMIN_ENV);
    applicant = await signInWallet(t.app);
    adminCookie = await loginTestAdmin(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('makes them private to the applicant and admins, leaving files that pages show public', async () => {
    const [document, logo, unattached] = [await storeLegacy(), await storeLegacy(), await storeLegacy()];
    // The old check let a request attach any file of ours, such as a campaign's logo.
    await t.services.db.insert(campaigns).values({ name: 'Logo', ticker: 'LOGO', goalLamports: 1n, creatorWallet: 'someone', imageUrl: logo });
    await t.services.db.insert(verificationRequests).values({
      contactEmail: 'a@example.org', creatorWallet: applicant.wallet, documents: [document, `https://gw.example${logo}`, 'https://elsewhere.example/x.pdf'],
    });
    for (const url of [document, logo, unattached]) expect(await status(url)).toBe(200);

    const backfill = fs.readFileSync(path.join(MIGRATIONS_DIR, '0018_verification_documents_uploaders.sql'), 'utf8');
    await t.services.db.execute(sql.raw(backfill));
    expect(await t.services.db.select({ cid: uploads.cid, kind: uploads.kind, uploadedBy: uploads.uploadedBy, isPrivate: uploads.isPrivate }).from(uploads))
      .toEqual([{ cid: document.slice('/ipfs/'.length), kind: 'verification_document', uploadedBy: applicant.wallet, isPrivate: true }]);

    expect(await status(document)).toBe(404);
    expect(await status(document, applicant.cookie)).toBe(200);
    expect(await status(document, adminCookie)).toBe(200);
    expect(await status(logo)).toBe(200);
    // A document uploaded but never attached cannot be told from any other old file: it stays public.
    expect(await status(unattached)).toBe(200);
    // Running it again changes nothing.
    await t.services.db.execute(sql.raw(backfill));
    expect(await t.services.db.$count(uploads)).toBe(1);
  });
});
