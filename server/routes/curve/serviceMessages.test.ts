import { Keypair } from '@solana/web3.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialCurveState } from '../../../core/curve';
import { curvePools } from '../../db/schema';
import { tradeHooksIdle } from '../../market';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { stateColumns } from '../../curve/pools';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { signAsWallet } from '../../testing/signing';
import { launchCurveMarket, type CurveMarket } from './testing/curveMarket';

// Spec 1 section 8 'Service messages' through the real routes: the upstream they depend on
// fails for real (a table the query needs is gone, the RPC node does not answer, the
// chain refuses the trade) and the answer is the spec's text, 502, with a safe reason
// beside it and nothing of the internals (no SQL, no addresses).

const INTERNALS = /curve_|select|insert|update|relation|127\.0\.0\.1|ECONNREFUSED|fetch failed|stack/i;

function expectService(res: { statusCode: number; body: string; json: () => unknown }, error: string, reason: string) {
  expect(res.statusCode, res.body).toBe(502);
  expect(res.json()).toEqual({ error, reason });
  expect(res.body).not.toMatch(INTERNALS);
}

describe('with the local ledger', () => {
  let t: TestApp;
  let m: CurveMarket;
  let trader: Keypair;
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: testIp() });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: testIp() });
  const buy = (sol = '0.1') => post(`/api/curve/${m.mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: sol });

  /** Runs `work` while `table` is missing (a failing database, as far as the queries can tell). */
  async function withoutTable<T>(table: string, work: () => Promise<T>): Promise<T> {
    await t.services.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
    try {
      return await work();
    } finally {
      await t.services.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    m = await launchCurveMarket(t.services, { ticker: 'FAIL' });
    trader = await m.trader(10n);
    // A trade first: the pool is known to work, so the failures below are the database's.
    const built = await buy();
    expect(built.statusCode, built.body).toBe(200);
    const done = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) });
    expect(done.statusCode, done.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await tradeHooksIdle(t.services);
    await t.close();
  });

  it('answers the stats, the progress, the builds and the execute with their service messages while the database fails, and recovers', async () => {
    const signed = signAsWallet((await buy('0.05')).json().transactionBase64, trader);
    await withoutTable('curve_pools', async () => {
      expectService(await get(`/api/campaigns/${m.mint}/market`), 'Failed to get campaign stats', 'Database error');
      expectService(await get(`/api/curve/${m.mint}/progress`), 'Failed to get bonding curve progress', 'Database error');
      expectService(await buy(), 'Failed to build buy transaction', 'Database error');
      expectService(await post(`/api/curve/${m.mint}/sell`, { wallet: trader.publicKey.toBase58(), amount: '1000' }),
        'Failed to build sell transaction', 'Database error');
      expectService(await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signed }), 'Failed to execute swap', 'Database error');
    });
    expect((await get(`/api/campaigns/${m.mint}/market`)).statusCode).toBe(200);
    expect((await get(`/api/curve/${m.mint}/progress`)).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
  });

  it('answers a trade whose blockhash aged out with the spec\'s retry message, and sends nothing', async () => {
    const built = await buy('0.05');
    expect(built.statusCode, built.body).toBe(200);
    // The transaction's blockhash ages out (150 slots) before the trader sends it.
    const ledger = t.services.chain.ledger!;
    ledger.warp(ledger.slot + 200n);
    const before = ledger.getAccount(trader.publicKey.toBase58())!.lamports;
    const res = await post(`/api/curve/${m.mint}/execute`, { transactionBase64: signAsWallet(built.json().transactionBase64, trader) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: TRADE_ERRORS.expired });
    expect(ledger.getAccount(trader.publicKey.toBase58())!.lamports).toBe(before);
  });
});

describe('with a cluster whose RPC node does not answer', () => {
  let t: TestApp;
  const mint = Keypair.generate().publicKey.toBase58();
  const wallet = Keypair.generate().publicKey.toBase58();
  const post = (side: 'buy' | 'sell', amount: string) =>
    t.app.inject({ method: 'POST', url: `/api/curve/${mint}/${side}`, payload: { wallet, amount }, remoteAddress: testIp() });

  beforeAll(async () => {
    // Port 1: nothing listens, every RPC call is refused at once.
    t = await createTestApp({ SOLANA_RPC_URL: 'http://127.0.0.1:1', SOLANA_CLUSTER: 'devnet' });
    // A DBC pool row of ours whose pool the unreachable cluster would hold.
    const state = initialCurveState(1);
    await t.services.db.insert(curvePools).values({
      mint, program: 'dbc', poolWallet: Keypair.generate().publicKey.toBase58(), dbcConfig: Keypair.generate().publicKey.toBase58(),
      curveType: 1, thresholdLamports: state.thresholdLamports, transferFeeBps: 0, maximumFee: '0', ...stateColumns(state),
    });
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('answers the builds with their service messages and "RPC unavailable"', async () => {
    expectService(await post('buy', '0.1'), 'Failed to build buy transaction', 'RPC unavailable');
    expectService(await post('sell', '1000'), 'Failed to build sell transaction', 'RPC unavailable');
  });
});
