import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { campaigns, launchRequests } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { SIGNATURE_FEE_LAMPORTS } from './amounts';
import { create, createBody, fund, prepare, signedInCreator } from './testing/launchFlow';

// A public URL so long that the token's metadata uri cannot fit a transaction: the mint
// can never be created, a permanent failure after funding.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3', PUBLIC_URL: `http://causemint.test/${'p'.repeat(1100)}` });
}, 60_000);
afterAll(async () => { await t.close(); });

const balance = async (wallet: string) => BigInt(await t.services.chain.connection.getBalance(new PublicKey(wallet)));

describe('a funded launch that fails for good', () => {
  it('is refunded to the creator minus the network fees and marked refunded; nothing is created', async () => {
    const user = await signedInCreator(t.app, t.services, 2);
    const start = await balance(user.wallet);
    const prepared = await prepare(t.app, user, '0.25');
    const amount = BigInt(prepared.amount_to_fund_lamports);
    await fund(t.services, user.keypair, prepared.funding_wallet, amount);

    const res = await create(t.app, user, createBody(user, prepared.request_id, { initialBuy: '0.25' }));
    expect(res.statusCode).toBe(502);
    // The spec's service message, with the specific reason beside it.
    expect(res.json()).toMatchObject({
      error: 'Failed to create token', refunded: true, reason: expect.stringMatching(/^Failed to create bonding token: Token metadata refused/),
    });

    const [row] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id));
    expect(row).toMatchObject({ state: 'refunded', refundedLamports: amount - SIGNATURE_FEE_LAMPORTS });
    expect(row!.lastError).toMatch(/metadata/i);
    // Two network fees: the funding transfer and the refund.
    expect(await balance(user.wallet)).toBe(start - 2n * SIGNATURE_FEE_LAMPORTS);
    expect(await balance(prepared.funding_wallet)).toBe(0n);
    expect(await t.services.chain.connection.getAccountInfo(new PublicKey(prepared.token_address))).toBeNull();
    expect(await t.services.db.$count(campaigns, eq(campaigns.requestId, prepared.request_id))).toBe(0);

    // Asking again changes nothing.
    const again = await create(t.app, user, createBody(user, prepared.request_id));
    expect(again.json()).toMatchObject({ error: 'Failed to create token', refunded: true });
    expect(await balance(user.wallet)).toBe(start - 2n * SIGNATURE_FEE_LAMPORTS);
  }, 60_000);
});
