import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, PublicKey } from '@solana/web3.js';
import { markerSol, markerTokens, type ChartMarker, type ChartMarkersResponse } from '../../../core/chartMarkers';
import type { TradesResponse } from '../../../core/schemas/trade';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import { dbcBuy, dbcSell, fundedTrader } from '../../curve/testing/dbcTrade';
import { readVirtualPool } from '../../curve/virtualPool';
import { tokenBalance } from '../../demo/market';
import { distributorFor } from '../../distributor';
import { graduateCompleteCurves } from '../../jobs/graduateCurves';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';

let t: TestApp;
let c: Awaited<ReturnType<typeof launchDbcCampaign>>;
let quoteVault: PublicKey;
const TOKEN = 10n ** 9n;
const SOL = 1_000_000_000n;
const tokensOf = (wallet: PublicKey) => tokenBalance(t.services, c.mint, wallet);
const lamportsOf = async (address: PublicKey) => BigInt(await t.services.chain.connection.getBalance(address, 'confirmed'));
/** The SOL (wrapped) the pool holds: on DBC a trade's SOL moves through the pool's quote vault, owned by Meteora's pool authority. */
const vaultSol = async () => BigInt((await t.services.chain.connection.getTokenAccountBalance(quoteVault, 'confirmed')).value.amount);

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() });
async function markers(): Promise<ChartMarker[]> {
  const res = await get(`/api/campaigns/${c.mint}/markers`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChartMarkersResponse).markers;
}
const ofKind = (list: ChartMarker[], kind: ChartMarker['kind']) => list.filter((m) => m.kind === kind);

/**
 * Runs a trade and returns what the chain says moved: the pool's quote vault's SOL change and the wallet's token change.
 * On DBC the pool's fee stays in the vault, so a buy moves all the SOL paid and a sell what the seller received.
 */
async function traded(wallet: PublicKey, run: () => Promise<{ transactionSignature: string }>) {
  const [poolBefore, tokensBefore] = [await vaultSol(), await tokensOf(wallet)];
  const { transactionSignature } = await run();
  const solMoved = (await vaultSol()) - poolBefore;
  const tokensMoved = (await tokensOf(wallet)) - tokensBefore;
  return { signature: transactionSignature, sol: solMoved < 0n ? -solMoved : solMoved, tokens: tokensMoved < 0n ? -tokensMoved : tokensMoved };
}

const expected = {} as {
  launchBuy: string; creatorBuy: { text: string; signature: string }; creatorSell: { text: string; signature: string };
  large: string[]; payout: string; graduation: string;
};

beforeAll(async () => {
  t = await createTestApp({ CURVE_PROGRAM: 'dbc' });
  c = await launchDbcCampaign(t.services, { initialBuyLamports: SOL / 5n, form: { ticker: 'mark' } });
  quoteVault = (await readVirtualPool(t.services.chain.connection, new PublicKey(c.pool)))!.poolState.quoteVault;
  const creator = c.creator;
  // The launch's initial buy is in the creator's own launch transaction: the tokens land with the creator.
  expected.launchBuy = `Creator's launch buy: ${markerTokens(await tokensOf(creator.publicKey))} tokens for 0.2 SOL`;

  const buy = await traded(creator.publicKey, () => dbcBuy(t.app, c.mint, creator, 3n * SOL / 10n));
  expect(buy.sol).toBe(3n * SOL / 10n);
  expected.creatorBuy = { signature: buy.signature, text: `Creator bought ${markerTokens(buy.tokens)} tokens for 0.3 SOL` };
  const sell = await traded(creator.publicKey, () => dbcSell(t.app, c.mint, creator, 1_000_000n * TOKEN));
  expect(sell.tokens).toBe(1_000_000n * TOKEN);
  expected.creatorSell = { signature: sell.signature, text: `Creator sold 1,000,000 tokens for ${markerSol(sell.sol)} SOL` };

  // Six buyers of 0.1..0.6 SOL: the five largest are marked, the 0.1 SOL buy is not.
  const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => fundedTrader(t.services, 2n * SOL)));
  for (const [i, buyer] of buyers.entries()) await dbcBuy(t.app, c.mint, buyer, BigInt(i + 1) * SOL / 10n);

  // A distributor pass claims the pool's creator fee (in SOL, nothing sold) straight to the cause.
  const donationWallet = new PublicKey(c.donationWallet);
  const donationBefore = await lamportsOf(donationWallet);
  expect(await distributorFor(t.services).run()).toMatchObject({ paid: 1, unfinished: 0 });
  const donated = await lamportsOf(donationWallet) - donationBefore;
  expect(donated).toBeGreaterThan(0n);
  expected.payout = `${markerSol(donated)} SOL paid to the cause`;

  // A whale fills the curve: graduation, and the largest trade.
  const whale = await fundedTrader(t.services, 30n * SOL);
  const filled = await traded(whale.publicKey, () => dbcBuy(t.app, c.mint, whale, 25n * SOL));
  expected.graduation = filled.signature;
  expected.large = [`Large buy: ${markerSol(filled.sol)} SOL`, 'Large buy: 0.6 SOL', 'Large buy: 0.5 SOL', 'Large buy: 0.4 SOL', 'Large buy: 0.3 SOL'];
  // The filled pool migrates into DAMM v2 (the graduate-curves job's pass), where trading goes on.
  expect(await graduateCompleteCurves(t.services)).toBe(1);
  await tradeHooksIdle(t.services);
}, 180_000);
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t?.close();
});

describe('GET /api/campaigns/{tokenAddress}/markers', () => {
  it("marks the creator's trades, the payout, graduation and the five largest other trades, with their tooltip texts", async () => {
    const list = await markers();
    expect(ofKind(list, 'creator_buy').map((m) => m.text).sort()).toEqual([expected.creatorBuy.text, expected.launchBuy].sort());
    expect(ofKind(list, 'creator_buy').find((m) => m.signature === expected.creatorBuy.signature)?.text).toBe(expected.creatorBuy.text);
    expect(ofKind(list, 'creator_sell')).toEqual([expect.objectContaining({ text: expected.creatorSell.text, signature: expected.creatorSell.signature })]);
    expect(expected.creatorSell.text).toMatch(/^Creator sold 1,000,000 tokens for 0\.\d{1,4} SOL$/);
    expect(ofKind(list, 'payout').map((m) => m.text)).toEqual([expected.payout]);
    expect(expected.payout).toMatch(/^0\.\d{1,4} SOL paid to the cause$/);
    expect(ofKind(list, 'graduation')).toEqual([expect.objectContaining({ text: 'Graduated: the curve filled', signature: expected.graduation })]);
    // The whale's buy took only what filled the curve (DBC's partial fill); the creator's trades are not 'large'.
    expect(ofKind(list, 'large_trade').map((m) => m.text)).toEqual(expected.large);
    expect(list).toHaveLength(2 + 1 + 1 + 1 + 5);

    // Each trade marker sits at its trade's time (what the candles bucket by), newest first.
    const { trades } = (await get(`/api/campaigns/${c.mint}/trades?limit=100`)).json() as TradesResponse;
    for (const m of list.filter((x) => x.kind !== 'payout')) {
      const trade = trades.find((x) => x.signature === m.signature);
      expect(trade, m.text).toBeDefined();
      expect(m.time).toBe(Math.floor(Date.parse(trade!.time) / 1000));
    }
    expect(list.map((m) => m.time)).toEqual([...list.map((m) => m.time)].sort((a, b) => b - a));
  });

  it('shows a new largest trade at once: a trade drops the cached answer', async () => {
    expect(ofKind(await markers(), 'large_trade')).toHaveLength(5);
    const big = await fundedTrader(t.services, 10n * SOL);
    await dbcBuy(t.app, c.mint, big, 7n * SOL);
    await tradeHooksIdle(t.services);
    const large = ofKind(await markers(), 'large_trade').map((m) => m.text);
    expect(large).toHaveLength(5);
    expect(large).toContain('Large buy: 7 SOL');
    expect(large).not.toContain('Large buy: 0.3 SOL');
  });

  it("labels the creator's trades (the launch buy included) in the trade list, as the markers count them", async () => {
    const { trades } = (await get(`/api/campaigns/${c.mint}/trades?limit=100`)).json() as TradesResponse;
    const creatorMarked = new Set((await markers()).filter((m) => m.kind === 'creator_buy' || m.kind === 'creator_sell').map((m) => m.signature));
    expect(creatorMarked.size).toBe(3);
    expect(new Set(trades.filter((x) => x.trader === 'creator').map((x) => x.signature))).toEqual(creatorMarked);
    // On DBC the creator's wallet signs and pays its launch buy itself: every creator trade is the creator's wallet's.
    expect(trades.filter((x) => x.trader === 'creator').every((x) => x.wallet === c.creator.publicKey.toBase58())).toBe(true);
    // Everyone else is nobody in particular; the cause's fee is claimed in SOL, so there is no fee sale among the trades.
    const others = trades.filter((x) => !creatorMarked.has(x.signature));
    expect(others.length).toBeGreaterThan(5);
    expect(others.every((x) => x.trader === null)).toBe(true);
    expect(others.filter((x) => x.feeSale)).toHaveLength(0);
  });

  it("labels the cause's own donation wallet's trades 'cause'", async () => {
    const cause = await fundedTrader(t.services, 2n * SOL);
    const { mint } = await launchDbcCampaign(t.services, { donationWallet: cause.publicKey.toBase58(), form: { ticker: 'cause' } });
    const { transactionSignature } = await dbcBuy(t.app, mint, cause, SOL / 10n);
    await tradeHooksIdle(t.services);
    const { trades } = (await get(`/api/campaigns/${mint}/trades`)).json() as TradesResponse;
    expect(trades.map((x) => [x.signature, x.wallet, x.trader])).toEqual([[transactionSignature, cause.publicKey.toBase58(), 'cause']]);
  });

  it('answers 400 for a malformed address and 404 for a token without a curve', async () => {
    const bad = await get('/api/campaigns/not-an-address/markers');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'Invalid token address']);
    const unknown = await get(`/api/campaigns/${Keypair.generate().publicKey.toBase58()}/markers`);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Pool not found']);
  });
});
