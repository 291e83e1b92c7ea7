import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { parseSol } from '../../core/money';
import type { Holder } from '../../core/trust';
import { signTransaction } from '../chain/token';
import { platformAddressesAmong } from '../policies/donationWallet';
import { launchCurveMarket, type CurveMarket } from '../routes/curve/testing/curveMarket';
import { createTestApp, type TestApp } from '../testing/app';
import { signFast } from '../trading/testing/market';
import { fundingClusterFacts } from './fundingClusters';

let t: TestApp;
let m: CurveMarket;

beforeAll(async () => {
  t = await createTestApp({ LEDGER_SLOT_MS: '60000' });
  m = await launchCurveMarket(t.services, { ticker: 'FUND' });
}, 60_000);
afterAll(async () => { await t.close(); });

const ledger = () => t.services.chain.ledger!;
async function send(from: Keypair, to: Keypair, lamports: number) {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger().latestBlockhash.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }));
  expect((await ledger().send(signTransaction(tx, [from]), { preflight: true })).kind).toBe('landed');
}
async function buy(wallet: Keypair, sol: string) {
  const quote = await t.services.trading.book.buildBuyQuote({ mint: m.mint, trader: wallet.publicKey.toBase58(), solIn: parseSol(sol), slippageBps: 10_000 });
  await t.services.trading.book.execute(signFast(quote.transactionBase64, wallet));
}
const holderOf = (wallet: Keypair): Holder => ({ wallet: wallet.publicKey.toBase58(), tokens: m.tokenBalance(wallet.publicKey), label: null });
const isPlatform = (wallets: string[]) => platformAddressesAmong(t.services, wallets);

describe('fundingClusterFacts', () => {
  it('links buyers whose first SOL came from one wallet; not the faucet\'s, not a busy funder\'s, not a wallet that never bought', async () => {
    const funder = await m.trader(20n);
    const [a, b, c] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
    await send(funder, a, 2e9);
    await send(funder, b, 2e9);
    // c is funded by the same wallet but never buys: holding by transfer is not "funded before buying".
    await send(funder, c, 1e8);
    await buy(a, '0.5');
    await buy(b, '0.25');
    // Two strangers, each funded by the local faucet (a platform address).
    const [x, y] = [await m.trader(3n), await m.trader(3n)];
    await buy(x, '0.4');
    await buy(y, '0.4');
    const holders = [holderOf(a), holderOf(b), holderOf(x), holderOf(y), { wallet: c.publicKey.toBase58(), tokens: 1n, label: null }];

    const clusters = await fundingClusterFacts(t.services.db, t.services.chain, { mint: m.mint, holders, isPlatform });
    expect(clusters).toEqual([{ funder: funder.publicKey.toBase58(), wallets: [a.publicKey.toBase58(), b.publicKey.toBase58()], tokensNow: holders[0]!.tokens + holders[1]!.tokens }]);

    // The funder has 4 transactions (its airdrop and 3 transfers): counted as a service from 4 on, it links nobody.
    expect(await fundingClusterFacts(t.services.db, t.services.chain, { mint: m.mint, holders, isPlatform, busyAt: 5 })).toHaveLength(1);
    expect(await fundingClusterFacts(t.services.db, t.services.chain, { mint: m.mint, holders, isPlatform, busyAt: 4 })).toEqual([]);
  });
});
