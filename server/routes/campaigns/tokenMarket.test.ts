import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, Transaction } from '@solana/web3.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction,
} from '@solana/spl-token';
import { parseSol } from '../../../core/money';
import { priceBeforeFirstTrade } from '../../official/curveChanges';
import type { Candle, CandlesResponse, MarketDataResponse, QuotePreviewResponse, TradesResponse } from '../../../core/schemas/trade';
import { eq } from 'drizzle-orm';
import { tokenAccountOf } from '../../chain/tokenAccounts';
import { campaigns } from '../../db/schema';
import { MARKET_CACHE_MS, tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { signAsWallet } from '../../testing/signing';
import { launchCurveMarket, type CurveMarket } from '../curve/testing/curveMarket';

let t: TestApp;
let m: CurveMarket;
let traders: Keypair[];
const signatures: string[] = [];

const get = <T>(url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() }).then((res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
});
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: testIp() });

async function trade(side: 'buy' | 'sell', trader: Keypair, amount: string) {
  const built = await post(`/api/curve/${m.mint}/${side}`, { wallet: trader.publicKey.toBase58(), amount });
  expect(built.statusCode, built.body).toBe(200);
  const res = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) });
  expect(res.statusCode, res.body).toBe(200);
  signatures.push(res.json().transactionSignature);
  return { built: built.json(), executed: res.json() };
}

beforeAll(async () => {
  t = await createTestApp({ SOL_USD: '200' });
  m = await launchCurveMarket(t.services, { ticker: 'MRKT' });
  traders = [await m.trader(10n), await m.trader(10n)];
  await trade('buy', traders[0]!, '1');
  await trade('buy', traders[1]!, '0.5');
  await trade('sell', traders[0]!, '1000000');
});
afterAll(async () => {
  await tradeHooksIdle(t.services);
  await t.close();
});

describe('GET /api/campaigns/{tokenAddress}/trades', () => {
  it('lists trades newest first and pages with before', async () => {
    const first = await get<TradesResponse>(`/api/campaigns/${m.mint}/trades?limit=2`);
    expect(first.trades.map((x) => x.signature)).toEqual([signatures[2], signatures[1]]);
    expect(first.nextBefore).toBe(signatures[1]);
    expect(first.trades[0]).toMatchObject({ side: 'sell', wallet: traders[0]!.publicKey.toBase58(), tokens: '1000000' });
    expect(first.trades[1]).toMatchObject({ side: 'buy', wallet: traders[1]!.publicKey.toBase58(), sol: '0.5' });
    expect(Number(first.trades[1]!.price)).toBeGreaterThan(0);
    expect(Date.parse(first.trades[0]!.time)).not.toBeNaN();
    const rest = await get<TradesResponse>(`/api/campaigns/${m.mint}/trades?limit=2&before=${first.nextBefore}`);
    expect(rest).toMatchObject({ trades: [{ signature: signatures[0], side: 'buy', sol: '1' }], nextBefore: null });
    const bad = await t.app.inject({ method: 'GET', url: `/api/campaigns/${m.mint}/trades?limit=500`, remoteAddress: testIp() });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'limit must be an integer from 1 to 100']);
  });
});

describe('GET /api/campaigns/{tokenAddress}/candles', () => {
  it('builds OHLC candles with volume from the stored trades', async () => {
    for (const interval of ['1m', '5m', '1h', '1d'] as const) {
      const { candles } = await get<CandlesResponse>(`/api/campaigns/${m.mint}/candles?interval=${interval}`);
      expect(candles.reduce((sum, c) => sum + c.trades, 0)).toBe(3);
      expect(candles.reduce((sum, c) => sum + parseSol(c.volume), 0n)).toBe(parseSol('1.5') + parseSol(
        (await get<TradesResponse>(`/api/campaigns/${m.mint}/trades`)).trades[0]!.sol));
      for (const c of candles) {
        expect(c.time % { '1m': 60, '5m': 300, '1h': 3600, '1d': 86_400 }[interval]).toBe(0);
        expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
        expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
      }
      // The last candle closes at the pool's price after the newest trade (its reserves as that swap left them; the
      // market's price is the pool's square-root price now, the same to within its rounding).
      const last = candles.at(-1) as Candle;
      const market = await get<MarketDataResponse>(`/api/campaigns/${m.mint}/market`);
      expect(Math.abs(Number(last.close) / Number(market.priceSol) - 1)).toBeLessThan(1e-3);
    }
    // The first candle opens where the pool stood before its first trade (read back from that swap), below what the buy paid.
    const [first] = (await get<CandlesResponse>(`/api/campaigns/${m.mint}/candles?interval=1d`)).candles;
    const start = (await priceBeforeFirstTrade(t.services.db, m.mint))!;
    expect(Number(first!.open)).toBeCloseTo(Number(start.num) / Number(start.den) / 1e9, 15);
    expect(Number(first!.open)).toBeLessThan(Number(first!.high));
    const bad = await t.app.inject({ method: 'GET', url: `/api/campaigns/${m.mint}/candles?interval=2m`, remoteAddress: testIp() });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'interval must be 1m, 5m, 1h or 1d']);
  });
});

describe('GET /api/campaigns/{tokenAddress}/market', () => {
  it('reports price, volumes, change, market cap in USD at SOL_USD and holders from the chain, transfers included', async () => {
    const market = await get<MarketDataResponse>(`/api/campaigns/${m.mint}/market`);
    const sellSol = (await get<TradesResponse>(`/api/campaigns/${m.mint}/trades`)).trades[0]!.sol;
    expect(market).toMatchObject({
      // The two traders: the pool's vault authority is no holder (core/holders.ts).
      tokenAddress: m.mint, holders: 2, trades24h: 3, totalSupply: '1000000000', source: 'curve', isBonded: false, label: 'Bonding Curve',
    });
    expect(parseSol(market.volume24hSol)).toBe(parseSol('1.5') + parseSol(sellSol));
    expect(market.volume5mSol).toBe(market.volume24hSol);
    expect(market.volume24h).toBeCloseTo(Number(market.volume24hSol) * 200, 2);
    expect(market.marketCap).toBeCloseTo(Number(market.marketCapSol) * 200, 2);
    expect(market.price).toBeCloseTo(Number(market.priceSol) * 200, 12);
    expect(market.priceChange24h).toBeGreaterThan(0);
    expect(market.bondingProgress).toBeGreaterThan(0);
    const [row] = await t.services.db.select().from(campaigns).where(eq(campaigns.tokenAddress, m.mint));
    expect(row).toMatchObject({ holders: 2, cachedHolders: 2, bondingCurveProgress: market.bondingProgress.toFixed(2) });
    expect(row!.marketCapLamports).toBe(parseSol(market.marketCapSol));

    // A wallet-to-wallet transfer makes a new holder: read from the chain once the cache has aged.
    const friend = Keypair.generate();
    const from = traders[1]!;
    const amount = 1_000n * 10n ** 9n;
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: t.services.chain.ledger!.latestBlockhash.blockhash }).add(
      createAssociatedTokenAccountIdempotentInstruction(from.publicKey, tokenAccountOf(m.mintKey, friend.publicKey), friend.publicKey, m.mintKey,
        TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID),
      createTransferCheckedInstruction(tokenAccountOf(m.mintKey, from.publicKey), m.mintKey, tokenAccountOf(m.mintKey, friend.publicKey),
        from.publicKey, amount, 9, [], TOKEN_2022_PROGRAM_ID),
    );
    tx.sign(from);
    const sent = await t.services.chain.ledger!.send(tx.serialize(), { preflight: true });
    expect(sent.kind).toBe('landed');
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + MARKET_CACHE_MS + 1000);
    try {
      expect((await get<MarketDataResponse>(`/api/campaigns/${m.mint}/market`)).holders).toBe(3);
    } finally {
      t.services.now = realNow;
    }
  });
});

describe('GET /api/curve/{mint}/quote', () => {
  it('previews exactly what a quote built now would give, reserving nothing', async () => {
    const trader = traders[0]!;
    const url = `/api/curve/${m.mint}/quote?side=buy&amount=0.25`;
    const preview = await get<QuotePreviewResponse>(url);
    expect(await get<QuotePreviewResponse>(url)).toEqual(preview);
    expect(preview).toMatchObject({ side: 'buy', amountIn: '0.25', completesCurve: false });
    expect(Number(preview.priceAfter)).toBeGreaterThan(Number(preview.priceBefore));
    expect(preview.priceImpactPercent).toBeGreaterThan(0);
    const built = await post(`/api/curve/${m.mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: '0.25' });
    // The pool's own fee, no token tax (a DBC mint has no transfer fee).
    expect(built.json()).toMatchObject({ expectedTokens: preview.expectedOutput, transferFee: '0' });
    expect(Number(preview.poolFee)).toBeGreaterThan(0);

    const sellPreview = await get<QuotePreviewResponse>(`/api/curve/${m.mint}/quote?side=sell&amount=5000`);
    const sold = await post(`/api/curve/${m.mint}/sell`, { wallet: trader.publicKey.toBase58(), amount: '5000' });
    expect(sold.json()).toMatchObject({ expectedSOL: sellPreview.expectedOutput, tokenAmount: '5000' });
    expect(sellPreview.transferFee).toBe('0');
    const bad = await t.app.inject({ method: 'GET', url: `/api/curve/${m.mint}/quote?side=up&amount=1`, remoteAddress: testIp() });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'side must be buy or sell']);
  });
});
