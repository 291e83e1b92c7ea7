import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import type { Holder } from '../../core/trust';
import { signTransaction } from '../chain/token';
import { curveTrades } from '../db/schema';
import { platformAddressesAmong } from '../policies/donationWallet';
import { launchDbcCampaign } from '../curve/testing/dbcCampaign';
import { dbcSell, dbcTrade, fundedTrader } from '../curve/testing/dbcTrade';
import { tokenBalance } from '../demo/market';
import { createTestApp, type TestApp } from '../testing/app';
import { fundingFacts } from './fundingClusters';

let t: TestApp;
let m: Awaited<ReturnType<typeof launchDbcCampaign>>;

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc', LEDGER_SLOT_MS: '60000' });
  m = await launchDbcCampaign(t.services, { form: { ticker: 'FUND' } });
}, 60_000);
afterAll(async () => { await t.close(); });

const ledger = () => t.services.chain.ledger!;
async function send(from: Keypair, to: Keypair, lamports: number) {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger().latestBlockhash.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }));
  expect((await ledger().send(signTransaction(tx, [from]), { preflight: true })).kind).toBe('landed');
}
async function buy(wallet: Keypair, sol: string) {
  await dbcTrade(t.app, m.mint, wallet, 'buy', sol);
}
const tokensOf = (wallet: Keypair) => tokenBalance(t.services, m.mint, wallet.publicKey);
const holderOf = async (wallet: Keypair): Promise<Holder> => ({ wallet: wallet.publicKey.toBase58(), tokens: await tokensOf(wallet), label: null });
const isPlatform = (wallets: string[]) => platformAddressesAmong(t.services, wallets);
const facts = (input: { creatorWallet: string; holders: Holder[]; busyAt?: number }) => fundingFacts(t.services.db, t.services.chain, {
  mint: m.mint, initialBuySignature: null, isPlatform, balances: new Map(input.holders.map((h) => [h.wallet, h.tokens])), ...input,
});
async function sell(wallet: Keypair, tokens: bigint) {
  await dbcSell(t.app, m.mint, wallet, tokens);
}
const bought = async (wallet: Keypair) => (await t.services.db.select({ tokens: curveTrades.tokensReceived }).from(curveTrades)
  .where(and(eq(curveTrades.mint, m.mint), eq(curveTrades.wallet, wallet.publicKey.toBase58()), eq(curveTrades.side, 'buy')))).reduce((s, r) => s + r.tokens, 0n);

describe('fundingFacts', () => {
  it('links buyers whose first SOL came from one wallet; not the faucet\'s, not a busy funder\'s, not a wallet that never bought', async () => {
    const funder = await fundedTrader(t.services, 20_000_000_000n);
    const [a, b, c] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
    await send(funder, a, 2e9);
    await send(funder, b, 2e9);
    // c is funded by the same wallet but never buys: holding by transfer is not "funded before buying".
    await send(funder, c, 1e8);
    await buy(a, '0.5');
    await buy(b, '0.25');
    // Two strangers, each funded by the local faucet (a platform address).
    const [x, y] = [await fundedTrader(t.services, 3_000_000_000n), await fundedTrader(t.services, 3_000_000_000n)];
    await buy(x, '0.4');
    await buy(y, '0.4');
    const holders = [await holderOf(a), await holderOf(b), await holderOf(x), await holderOf(y), { wallet: c.publicKey.toBase58(), tokens: 1n, label: null }];
    const creatorWallet = Keypair.generate().publicKey.toBase58();

    const found = await facts({ creatorWallet, holders });
    expect(found.clusters).toEqual([{
      funder: funder.publicKey.toBase58(), fundedByCreator: false, wallets: [a.publicKey.toBase58(), b.publicKey.toBase58()],
      tokensNow: holders[0]!.tokens + holders[1]!.tokens, boughtTokens: holders[0]!.tokens + holders[1]!.tokens, soldTokens: 0n,
    }]);
    expect(found.creatorFunded).toEqual({ wallets: [], boughtTokens: 0n, soldTokens: 0n, lastSellAt: null });

    // The funder has 4 transactions (its airdrop and 3 transfers): counted as a service from 4 on, it links nobody.
    expect((await facts({ creatorWallet, holders, busyAt: 5 })).clusters).toHaveLength(1);
    expect((await facts({ creatorWallet, holders, busyAt: 4 })).clusters).toEqual([]);
  });

  it('the buyers the creator funded are found among the largest buyers even once they hold nothing; their sells count up to what they bought', async () => {
    const creator = await fundedTrader(t.services, 30_000_000_000n);
    const [d, e] = [Keypair.generate(), Keypair.generate()];
    await send(creator, d, 3e9);
    await send(creator, e, 3e9);
    await buy(d, '1');
    await buy(e, '1');
    await sell(e, await tokensOf(e));
    const [dBought, eBought] = [await bought(d), await bought(e)];
    // e sold out: it is no holder, but it is one of the largest buyers.
    const found = await facts({ creatorWallet: creator.publicKey.toBase58(), holders: [await holderOf(d)] });
    expect(found.creatorFunded).toMatchObject({ boughtTokens: dBought + eBought, soldTokens: eBought, lastSellAt: expect.any(Date) });
    expect([...found.creatorFunded.wallets].sort()).toEqual([d.publicKey.toBase58(), e.publicKey.toBase58()].sort());
    expect(found.clusters.find((c) => c.fundedByCreator)).toMatchObject({ funder: creator.publicKey.toBase58(), boughtTokens: dBought + eBought, soldTokens: eBought, tokensNow: await tokensOf(d) });
    expect(found.curveBoughtTokens).toBeGreaterThanOrEqual(dBought + eBought);
  });
});
