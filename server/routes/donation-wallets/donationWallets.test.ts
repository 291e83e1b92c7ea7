import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_MESSAGES as M } from '../../../core/schemas/creation';
import { PROOF_MESSAGES } from '../../commands/proveDonationWallet';
import type { DbcPrepareResult } from '../../../core/schemas/launch';
import { DBC_POOL_AUTHORITY } from '../../chain/ledger/genesis/meteora';
import { curvePartner } from '../../curve/configs';
import { fundedSignedIn, launchDbcCampaignOverHttp } from '../../curve/testing/dbcCampaign';
import { readVirtualPool } from '../../curve/virtualPool';
import { authNonces, campaigns, donationWalletProofs, launchRequests } from '../../db/schema';
import { buy } from '../../demo/market';
import { donor } from '../../donations/testing/donationFlow';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet, signMessage, type SignedIn } from '../../testing/wallet';
import { OWN_WALLET } from './donationWallets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
}, 60_000);
afterAll(async () => { await t.close(); });

type Check = { allowed: boolean; reason: string | null; proven: boolean };
const check = async (address: string, user?: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/donation-wallets/${address}`, headers: user ? { cookie: user.cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Check>();
};

const prepare = async (user: SignedIn): Promise<DbcPrepareResult> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare?initialBuy=0', headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Prepare and create through HTTP (on DBC create answers the launch transaction to sign); returns the create answer. */
async function launchWith(user: SignedIn, donationWallet: string) {
  const prepared = await prepare(user);
  const res = await t.app.inject({
    method: 'POST', url: '/api/revshare/create', headers: { cookie: user.cookie }, payload: {
      request_id: prepared.request_id, name: 'Clean Water for Kisumu', ticker: 'water', description: 'Wells for three villages.',
      imageUrl: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe', developerWallet: user.wallet, decimals: 9, taxTier: 6,
      visible: 1, mode: 0, dev_fee_percentage: 50, reward_ca: '', initialBuy: '0', bondingCurveType: 1, ref: '', category: 'Community', goal: '50', donationWallet,
    },
  });
  return { prepared, res };
}

describe('donation wallets the platform controls are refused', () => {
  let creator: SignedIn;
  let first: { mint: string; pool: string; distributor: string };
  beforeAll(async () => {
    creator = await fundedSignedIn(t.app, t.services);
    const launched = await launchDbcCampaignOverHttp(t.app, creator, { initialBuy: '0' });
    first = { mint: launched.mint, pool: launched.pool, distributor: launched.distributionWallet };
  }, 60_000);

  it('every platform key and every account a program owns: the check says why, create answers 400 and stores nothing', async () => {
    const treasury = (await t.services.keys.treasury()).publicKey.toBase58();
    const holder = await donor(t.services, 'token-holder');
    await buy(t.services, holder, first.mint, 10_000_000n);
    const tokenAccount = getAssociatedTokenAddressSync(new PublicKey(first.mint), holder.publicKey, false, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID).toBase58();
    const pending = await prepare(creator);
    // On DBC: no funding wallet; a pending launch's reserved mint and distributor keys, the partner key (the configs'
    // fee claimer) and Meteora's pool authority (owner of every pool's vaults) are the platform's; the pool's vault is a token account.
    const { quoteVault } = (await readVirtualPool(t.services.chain.connection, new PublicKey(first.pool)))!.poolState;
    const refused: [string, string][] = [
      [treasury, M.donationWalletPlatform], [first.pool, M.donationWalletPlatform], [first.distributor, M.donationWalletPlatform],
      [first.mint, M.donationWalletPlatform], [pending.distributor_wallet, M.donationWalletPlatform], [pending.predicted_address, M.donationWalletPlatform],
      [(await curvePartner(t.services)).publicKey.toBase58(), M.donationWalletPlatform], [DBC_POOL_AUTHORITY, M.donationWalletPlatform],
      [tokenAccount, M.donationWalletNotWallet], [quoteVault.toBase58(), M.donationWalletNotWallet], [TOKEN_2022_PROGRAM_ID.toBase58(), M.donationWalletNotWallet],
    ];
    for (const [address, reason] of refused) expect(await check(address), address).toMatchObject({ allowed: false, reason });

    const campaignsBefore = await t.services.db.$count(campaigns);
    for (const [address, reason] of refused) {
      // Each from a creator of its own: one wallet holds at most 10 open launch requests.
      const { prepared, res } = await launchWith(await fundedSignedIn(t.app, t.services, 100_000_000n), address);
      expect(res.statusCode, address).toBe(400);
      expect(res.json()).toEqual({ error: reason });
      const [row] = await t.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, prepared.request_id));
      expect(row).toMatchObject({ state: 'prepared', form: null });
    }
    expect(await t.services.db.$count(campaigns)).toBe(campaignsBefore);
  });

  it('a new wallet and a multisig vault (a System address off the curve, holding SOL) are allowed', async () => {
    expect(await check(Keypair.generate().publicKey.toBase58())).toEqual({ address: expect.any(String), allowed: true, reason: null, proven: false });
    const [vault] = PublicKey.findProgramAddressSync([Buffer.from('vault'), Keypair.generate().publicKey.toBuffer()], new PublicKey('SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf'));
    expect(PublicKey.isOnCurve(vault!.toBytes())).toBe(false);
    await t.services.chain.ledger!.airdrop(vault!.toBase58(), 1_000_000_000n);
    expect((await t.services.chain.connection.getAccountInfo(vault!))?.owner.equals(SystemProgram.programId)).toBe(true);
    expect(await check(vault!.toBase58())).toMatchObject({ allowed: true, reason: null });
  });

  it('answers 400 for an address that is not one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/donation-wallets/not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid Solana wallet address' });
  });
});

describe('proving control of a donation wallet', () => {
  const challenge = (user: SignedIn | undefined, wallet: string) =>
    t.app.inject({ method: 'POST', url: '/api/donation-wallets/challenge', headers: user ? { cookie: user.cookie } : {}, payload: { wallet } });
  const prove = (nonce: string, signature: string) =>
    t.app.inject({ method: 'POST', url: '/api/donation-wallets/proof', payload: { nonce, signature } });
  const proofCount = () => t.services.db.$count(donationWalletProofs);

  it('the creator asks, only the donation wallet can sign, once; the campaign page then counts every transfer', async () => {
    const creator = await fundedSignedIn(t.app, t.services);
    const charity = Keypair.generate();
    const launched = await launchDbcCampaignOverHttp(t.app, creator, { initialBuy: '0', donationWallet: charity.publicKey.toBase58() });
    const page = async () => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${launched.mint}` })).json();
    expect(await page()).toMatchObject({ donation_wallet_proven: false, donation_counting: 'reference_only' });

    expect((await challenge(undefined, charity.publicKey.toBase58())).statusCode).toBe(401);
    expect((await challenge(creator, creator.wallet)).json()).toEqual({ error: OWN_WALLET });
    expect((await challenge(creator, (await t.services.keys.treasury()).publicKey.toBase58())).json()).toEqual({ error: M.donationWalletPlatform });

    const asked = await challenge(creator, charity.publicKey.toBase58());
    expect(asked.statusCode, asked.body).toBe(200);
    const request = asked.json<{ nonce: string; message: string; link: string; status: string }>();
    expect(request).toMatchObject({ status: 'pending', creatorWallet: creator.wallet, donationWallet: charity.publicKey.toBase58() });
    expect(request.message).toContain(`campaigns created by ${creator.wallet}`);
    const shown = await t.app.inject({ method: 'GET', url: `/api/donation-wallets/challenge/${request.nonce}` });
    expect(shown.json()).toMatchObject({ message: request.message, status: 'pending', link: `/confirm-donation-wallet/${request.nonce}` });
    // The consent page names the campaign the wallet is asked to vouch for.
    expect(shown.json().campaigns).toEqual([{ token_address: launched.mint, name: expect.any(String), ticker: expect.any(String) }]);

    // The creator (or anyone else) cannot sign for the charity's wallet.
    const forged = await prove(request.nonce, signMessage(creator.keypair, request.message));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: PROOF_MESSAGES.invalidSignature });
    expect(await proofCount()).toBe(0);

    // The consent cannot open a session as the charity's wallet.
    const signature = signMessage(charity, request.message);
    const asSignIn = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { wallet: charity.publicKey.toBase58(), message: request.message, signature } });
    expect(asSignIn.statusCode).toBe(401);

    const proved = await prove(request.nonce, signature);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(await proofCount()).toBe(1);
    expect((await prove(request.nonce, signature)).json()).toEqual({ error: PROOF_MESSAGES.used });
    expect((await t.app.inject({ method: 'GET', url: `/api/donation-wallets/challenge/${request.nonce}` })).json()).toMatchObject({ status: 'used' });
    expect(await page()).toMatchObject({ donation_wallet_proven: true, donation_counting: 'all_transfers' });
    expect(await check(charity.publicKey.toBase58(), creator)).toMatchObject({ allowed: true, proven: true });
    expect(await check(charity.publicKey.toBase58())).toMatchObject({ proven: false });
  });

  it('refuses an expired request, a sign-in nonce, and garbage, storing nothing', async () => {
    const creator = await signInWallet(t.app);
    const wallet = Keypair.generate();
    const asked = (await challenge(creator, wallet.publicKey.toBase58())).json<{ nonce: string; message: string }>();
    await t.services.db.update(authNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authNonces.nonce, asked.nonce));
    const before = await proofCount();
    expect((await prove(asked.nonce, signMessage(wallet, asked.message))).json()).toEqual({ error: PROOF_MESSAGES.expired });

    const signIn = (await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet: wallet.publicKey.toBase58() } })).json<{ nonce: string; message: string }>();
    expect((await prove(signIn.nonce, signMessage(wallet, signIn.message))).json()).toEqual({ error: PROOF_MESSAGES.unknown });
    expect((await prove('x', 'y')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/donation-wallets/challenge/1111111111111111111' })).statusCode).toBe(404);
    expect(await proofCount()).toBe(before);
  });
});
