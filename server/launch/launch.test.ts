import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Connection, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import { expectedTokensForBuy, initialCurveState, marketCapLamports } from '../../core/curve';
import { tokenAccountOf } from '../chain/curve';
import { readCampaignMint } from '../chain/token';
import { campaignGallery, campaignVideos, campaigns, curvePools, launchRequests, platformKeys, platformWallets, userSessions } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';
import { POOL_WALLET_RENT_LAMPORTS, stateOfPool } from '../trading';
import { LAUNCH_BASE_LAMPORTS, SIGNATURE_FEE_LAMPORTS } from './amounts';
import { ABANDONED_AFTER_MS, Launcher, launcherFor } from './launcher';
import { launchCampaignSchema } from '../../core/schemas/creation';
import { DONATION_WALLET, create, createBody, fund, prepare, signedInCreator } from './testing/launchFlow';

let t: TestApp;
let rpc: Connection;

beforeAll(async () => {
  t = await createTestApp({ LAUNCH_FUNDING_POLL_MS: '5', LAUNCH_FUNDING_POLL_ATTEMPTS: '3', PUBLIC_URL: 'http://causemint.test' });
  // The ledger as a browser sees it: JSON-RPC over HTTP at /api/rpc (injected, no port).
  rpc = new Connection('http://causemint.test/api/rpc', {
    commitment: 'confirmed',
    fetch: (async (_url: unknown, init?: { body?: unknown }) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/rpc', headers: { 'content-type': 'application/json' }, payload: String(init?.body) });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
}, 60_000);
afterAll(async () => { await t.close(); });

describe('launching a campaign token: prepare -> fund -> create', () => {
  it('creates the token, seeds the curve, buys for the creator and saves the campaign', async () => {
    const user = await signedInCreator(t.app, t.services, 5);
    const prepared = await prepare(t.app, user, '0.5');
    expect(prepared.amount_to_fund).toBe(0.55);
    expect(prepared.amount_to_fund_lamports).toBe('550000000');
    expect(prepared.bonding_curve).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await rpc.getAccountInfo(new PublicKey(prepared.token_address))).toBeNull();

    const treasury = (await t.services.keys.treasury()).publicKey;
    const treasuryBefore = BigInt(await rpc.getBalance(treasury));
    const creatorBefore = BigInt(await rpc.getBalance(user.keypair.publicKey));
    // 0.1 SOL more than asked: that part is the creator's and comes back.
    const extra = 100_000_000n;
    await fund(t.services, user.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports) + extra);
    const photos = [{ url: '/ipfs/photoA', isMain: false }, { url: '/ipfs/photoB', isMain: true }];
    const res = await create(t.app, user, createBody(user, prepared.request_id, { videoUrl: '/ipfs/videoA', photos }));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as Record<string, string>;
    expect(result).toMatchObject({
      mintAddress: prepared.token_address, bondingCurve: prepared.bonding_curve, pool: prepared.bonding_curve,
      distributionWallet: prepared.distribution_wallet,
    });
    expect(result.txSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);

    // The mint, read back through /api/rpc.
    const mint = await readCampaignMint(rpc, result.mintAddress);
    const info = await rpc.getAccountInfo(new PublicKey(result.mintAddress));
    expect(info!.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(mint).toMatchObject({
      decimals: 9, supply: 10n ** 18n, mintAuthority: null, freezeAuthority: null,
      transferFee: { bps: 600, withdrawWithheldAuthority: prepared.distribution_wallet },
      metadata: { name: 'Clean Water for Kisumu', symbol: 'WATER', uri: `http://causemint.test/api/token-metadata/${result.mintAddress}` },
    });
    const supply = await rpc.getTokenSupply(new PublicKey(result.mintAddress));
    expect(supply.value.amount).toBe('1000000000000000000');

    // The uri's JSON.
    const meta = await t.app.inject({ method: 'GET', url: `/api/token-metadata/${result.mintAddress}` });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({
      name: 'Clean Water for Kisumu', symbol: 'WATER', description: 'Wells for three villages.',
      image: 'http://causemint.test/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe',
      external_url: `http://causemint.test/campaign/${result.mintAddress}`,
      socials: { website: 'https://water.example.org', twitter: 'https://x.com/cleanwater', telegram: 'https://t.me/cleanwater' },
    });

    // The creator holds the initial buy's tokens less the one 6% fee.
    const mintKey = new PublicKey(result.mintAddress);
    const creatorAta = tokenAccountOf(mintKey, user.keypair.publicKey);
    const ataInfo = await rpc.getAccountInfo(creatorAta);
    const account = unpackAccount(creatorAta, ataInfo!, TOKEN_2022_PROGRAM_ID);
    const bought = expectedTokensForBuy(initialCurveState(1), 500_000_000n);
    expect(account.amount).toBe(bought);
    expect(result.initialBuyTokens).toBe(bought.toString());
    const withheld = getTransferFeeAmount(account)!.withheldAmount;
    expect(withheld * 10_000n / (account.amount + withheld)).toBe(600n);
    const poolAta = tokenAccountOf(mintKey, new PublicKey(prepared.bonding_curve));
    expect(BigInt((await rpc.getTokenAccountBalance(poolAta)).value.amount) + account.amount + withheld).toBe(10n ** 18n);
    expect(BigInt(await rpc.getBalance(new PublicKey(prepared.bonding_curve)))).toBe(POOL_WALLET_RENT_LAMPORTS + 500_000_000n);

    // What the chain did not use of the 0.05 SOL went to the treasury, the extra back to the
    // creator; the funding wallet is empty.
    expect(await rpc.getBalance(new PublicKey(prepared.funding_wallet))).toBe(0);
    const lamports = async (key: PublicKey) => BigInt((await rpc.getAccountInfo(key))?.lamports ?? 0);
    let feesPaid = 0n;
    for (const { signature } of await rpc.getSignaturesForAddress(new PublicKey(prepared.funding_wallet))) {
      const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
      if (tx!.transaction.message.staticAccountKeys[0]!.toBase58() === prepared.funding_wallet) feesPaid += BigInt(tx!.meta!.fee);
    }
    const chainUsed = await lamports(mintKey) + await lamports(poolAta) + await lamports(creatorAta) + POOL_WALLET_RENT_LAMPORTS + feesPaid;
    expect(BigInt(await rpc.getBalance(treasury)) - treasuryBefore).toBe(LAUNCH_BASE_LAMPORTS - chainUsed);
    expect(creatorBefore - BigInt(await rpc.getBalance(user.keypair.publicKey))).toBe(LAUNCH_BASE_LAMPORTS + 500_000_000n + SIGNATURE_FEE_LAMPORTS);

    // The database side.
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, result.mintAddress));
    expect(row).toMatchObject({
      status: 'active', creatorWallet: user.wallet, ticker: 'WATER', donationWallet: DONATION_WALLET,
      distributorWallet: prepared.distribution_wallet, poolAddress: prepared.bonding_curve, requestId: prepared.request_id,
      bondingCurveType: 1, goalLamports: 50_000_000_000n, initialBuyLamports: 500_000_000n, category: 'Community', videoUrl: '/ipfs/videoA',
    });
    const [launch] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id));
    expect(launch!.state).toBe('created');
    const [pool] = await t.services.db.select().from(curvePools).where(eq(curvePools.mint, result.mintAddress));
    expect(pool!.campaignId).toBe(row!.id);
    // Its market cap from the first moment, read off the curve (never a made-up fallback).
    expect(row!.marketCapLamports).toBe(marketCapLamports(stateOfPool(pool!)));
    expect(row!.marketCapLamports! > 0n).toBe(true);
    const [wallets] = await t.services.db.select().from(platformWallets).where(eq(platformWallets.distributionWallet, prepared.distribution_wallet));
    expect(wallets).toMatchObject({ donationWallet: DONATION_WALLET, campaignId: row!.id, ticker: 'WATER' });
    const gallery = await t.services.db.select().from(campaignGallery).where(eq(campaignGallery.campaignId, row!.id));
    expect(gallery.sort((a, b) => a.orderIndex - b.orderIndex).map((g) => [g.imageUrl, g.orderIndex])).toEqual([['/ipfs/photoB', 0], ['/ipfs/photoA', 1]]);
    expect(await t.services.db.select().from(campaignVideos).where(eq(campaignVideos.campaignId, row!.id))).toHaveLength(1);
    const [session] = await t.services.db.select().from(userSessions).where(eq(userSessions.walletAddress, user.wallet));
    expect(session!.campaignsCreated).toBe(1);
    expect(session!.actionsTaken).toContain('created_campaign');

    // The API presents it.
    const shown = await t.app.inject({ method: 'GET', url: `/api/campaigns/${result.mintAddress}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      token_address: result.mintAddress, creator_wallet: user.wallet, ticker: 'WATER', name: 'Clean Water for Kisumu',
      goal: 50, goal_amount: 50, campaignGoal: 50, raised: 0, distributionWallet: prepared.distribution_wallet,
      status: 'active', is_bonded: false, bonding: { threshold_sol: 20, current_sol: 0.5 },
      gallery: [{ image_url: '/ipfs/photoB', order_index: 0 }, { image_url: '/ipfs/photoA', order_index: 1 }],
    });
    expect((shown.json() as { bonding_curve_progress: number }).bonding_curve_progress).toBe(2.5);

    // A second create for the same request returns the same launch and creates nothing.
    const again = await create(t.app, user, createBody(user, prepared.request_id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(result);
    expect(await t.services.db.$count(campaigns, eq(campaigns.requestId, prepared.request_id))).toBe(1);
  }, 60_000);
});

describe('who runs a launch', () => {
  it('a web process hands a funded request to the runner (the worker job) and returns its outcome', async () => {
    const user = await signedInCreator(t.app, t.services, 2);
    const prepared = await prepare(t.app, user, '0.1');
    await fund(t.services, user.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
    const web = new Launcher(t.services);
    web.setRole('web');
    const body = launchCampaignSchema.parse(createBody(user, prepared.request_id, { ticker: 'WEBROLE', initialBuy: '0.1' }));
    const outcome = web.create(user.wallet, prepared.request_id, body);
    // The web process stored the form (funded) and waits; the runner's sweep does the work.
    let failed: unknown;
    outcome.catch((err: unknown) => { failed = err; });
    for (let i = 0; i < 1000 && !failed; i++) {
      const [row] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id));
      if (row!.state !== 'prepared') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(failed).toBeUndefined();
    const swept = await launcherFor(t.services).sweep();
    expect(swept).toContainEqual({ requestId: prepared.request_id, state: 'created' });
    expect(await outcome).toMatchObject({ mintAddress: prepared.token_address, requestId: prepared.request_id });
  }, 60_000);

  it('refunds a request funded but never created, once it is abandoned', async () => {
    const user = await signedInCreator(t.app, t.services, 1);
    const start = BigInt(await rpc.getBalance(user.keypair.publicKey));
    const prepared = await prepare(t.app, user);
    const unfunded = await prepare(t.app, user);
    await fund(t.services, user.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
    const now = t.services.now;
    try {
      // Not yet: a creator may still be on the way.
      await launcherFor(t.services).sweep();
      expect((await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id)))[0]!.state).toBe('prepared');
      t.services.now = () => new Date(Date.now() + ABANDONED_AFTER_MS + 60_000);
      await launcherFor(t.services).sweep();
    } finally {
      t.services.now = now;
    }
    const rows = await t.services.db.select().from(launchRequests);
    expect(rows.find((r) => r.requestId === prepared.request_id)).toMatchObject({ state: 'refunded', refundedLamports: 50_000_000n - SIGNATURE_FEE_LAMPORTS });
    // Never funded: the request and its four keys are gone, nothing else is touched.
    expect(rows.find((r) => r.requestId === unfunded.request_id)).toBeUndefined();
    expect(await t.services.db.$count(platformKeys, eq(platformKeys.reference, unfunded.request_id))).toBe(0);
    expect(await t.services.db.$count(platformKeys, eq(platformKeys.reference, prepared.request_id))).toBe(4);
    await expect(t.services.keys.load(unfunded.funding_wallet)).rejects.toThrow(/No platform key/);
    expect(BigInt(await rpc.getBalance(user.keypair.publicKey))).toBe(start - 2n * SIGNATURE_FEE_LAMPORTS);
  }, 60_000);
});
