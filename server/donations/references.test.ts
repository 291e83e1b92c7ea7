import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donationReferences } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureDonationReferences, referenceOf } from './references';

describe('donation reference keys', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('backfills campaigns launched before references existed, once, and keeps each stable', async () => {
    // Rows as an older release left them: no reference.
    const ids = (await t.services.db.insert(campaigns).values([
      { creatorWallet: 'w1', ticker: 'OLDA', name: 'Old A', goalLamports: 1n },
      { creatorWallet: 'w2', ticker: 'OLDB', name: 'Old B', goalLamports: 1n },
    ]).returning({ id: campaigns.id })).map((r) => r.id);

    expect(await ensureDonationReferences(t.services.db)).toBe(2);
    const first = await t.services.db.select().from(donationReferences);
    expect(first.map((r) => r.campaignId).sort()).toEqual([...ids].sort());
    for (const { reference } of first) expect(new PublicKey(reference).toBytes()).toHaveLength(32);
    expect(new Set(first.map((r) => r.reference)).size).toBe(2);

    expect(await ensureDonationReferences(t.services.db)).toBe(0);
    await Promise.all([ensureDonationReferences(t.services.db), ensureDonationReferences(t.services.db)]);
    expect(await t.services.db.select().from(donationReferences)).toEqual(first);
    expect(await referenceOf(t.services.db, ids[0]!)).toBe(first.find((r) => r.campaignId === ids[0])!.reference);
  });

  it('creates one lazily for a new campaign, the same on every call', async () => {
    const [row] = await t.services.db.insert(campaigns).values({ creatorWallet: 'w3', ticker: 'NEWC', name: 'New C', goalLamports: 1n }).returning({ id: campaigns.id });
    const [a, b] = await Promise.all([referenceOf(t.services.db, row!.id), referenceOf(t.services.db, row!.id)]);
    expect(a).toBe(b);
  });
});
