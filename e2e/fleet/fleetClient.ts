// What the fleet tests do as clients: trade through a given web process (or nginx), read
// the chain from the ledger process, and read the shared database.

import bs58 from 'bs58';
import { Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import pg from 'pg';
import { expect } from 'vitest';
import { parseSol, parseTokenAmount } from '../../core/money';
import { readCurveState } from '../../server/curve/curveState';
import { readDammPoolNow } from '../../server/curve/swapStates';
import { jobLockKey } from '../../server/jobs/runner';
import type { Fleet } from '../../server/fleet/startFleet';
import { launchCampaign } from '../launchApi';

export type Traded = { signature: string; expected: bigint; side: 'buy' | 'sell'; graduated: boolean };

async function post<T>(baseUrl: string, path: string, body: unknown, client?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(client ? { 'x-forwarded-for': client } : {}) },
  });
  return { status: res.status, json: await res.json() as T };
}

/** Test SOL for a wallet through a web process's faucet route (the ledger process's faucet behind it). */
export async function airdrop(baseUrl: string, wallet: PublicKey, sol: number): Promise<void> {
  const res = await post(baseUrl, '/api/dev/airdrop', { wallet: wallet.toBase58(), sol });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/**
 * A browser's address for one trade: the fleet trusts the X-Forwarded-For of loopback (nginx),
 * so load from this one machine counts as many clients, as real traders are, under the
 * trading API's per-address limits (60 builds a minute).
 */
export const someClient = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** One trade: the swap built by `buildUrl`, signed by the trader alone, executed through `executeUrl` (another process, if you like). */
export async function trade(
  buildUrl: string, executeUrl: string, mint: string, side: 'buy' | 'sell', trader: Keypair, amount: string, client?: string,
): Promise<Traded> {
  const built = await post<{ transactionBase64: string; expectedTokens?: string; expectedSOL?: string; error?: string }>(
    buildUrl, `/api/curve/${mint}/${side}`, { wallet: trader.publicKey.toBase58(), amount, slippageBps: 10_000 }, client,
  );
  expect(built.status, JSON.stringify(built.json)).toBe(200);
  const tx = Transaction.from(Buffer.from(built.json.transactionBase64, 'base64'));
  tx.partialSign(trader);
  const executed = await post<{ transactionSignature: string; expectedOutput: string; graduated: boolean; error?: string }>(
    executeUrl, `/api/curve/${mint}/execute`, { transactionBase64: tx.serialize({ requireAllSignatures: false }).toString('base64') }, client,
  );
  expect(executed.status, JSON.stringify(executed.json)).toBe(200);
  // A buy's output is tokens, a sell's SOL: both decimal strings of 9 places.
  const expected = side === 'buy' ? parseTokenAmount(executed.json.expectedOutput) : parseSol(executed.json.expectedOutput);
  return { signature: executed.json.transactionSignature, expected, side, graduated: executed.json.graduated };
}

/** What became of one execute: confirmed (200), refused with an answer, or its answer lost (the process died). */
export type Attempt = { signature: string; outcome: 'confirmed' | 'refused' | 'lost'; detail: string };

/**
 * A buy whose execute may not be answered (a process killed under it): never throws. The
 * signature is known before the execute (the trader pays the fee, so it signs first).
 */
export async function tryBuy(
  buildUrl: string, executeUrl: string, mint: string, trader: Keypair, sol: string, executing = new Set<string>(),
): Promise<Attempt | null> {
  const client = someClient();
  let built;
  try {
    built = await post<{ transactionBase64: string }>(buildUrl, `/api/curve/${mint}/buy`, { wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 10_000 }, client);
  } catch {
    return null; // nothing built, nothing signed
  }
  if (built.status !== 200) return null;
  const tx = Transaction.from(Buffer.from(built.json.transactionBase64, 'base64'));
  tx.partialSign(trader);
  const signature = signatureOf(tx);
  // `executing` holds the signatures whose execute is waiting for its answer.
  executing.add(signature);
  try {
    const executed = await post<{ transactionSignature?: string }>(
      executeUrl, `/api/curve/${mint}/execute`, { transactionBase64: tx.serialize({ requireAllSignatures: false }).toString('base64') }, client,
    );
    if (executed.status !== 200) return { signature, outcome: 'refused', detail: `${executed.status} ${JSON.stringify(executed.json)}` };
    expect(executed.json.transactionSignature).toBe(signature);
    return { signature, outcome: 'confirmed', detail: '' };
  } catch (err) {
    return { signature, outcome: 'lost', detail: (err as Error).message };
  } finally {
    executing.delete(signature);
  }
}

/** Each signature's status on the ledger process (null: the chain does not know it). */
export async function statuses(ledgerUrl: string, signatures: string[]): Promise<({ err: unknown } | null)[]> {
  const out: ({ err: unknown } | null)[] = [];
  for (let i = 0; i < signatures.length; i += 256) {
    const { value } = await ledgerRpc<{ value: ({ err: unknown } | null)[] }>(ledgerUrl, 'getSignatureStatuses', [signatures.slice(i, i + 256), { searchTransactionHistory: true }]);
    out.push(...value);
  }
  return out;
}

/** The signatures among these that curve_trades holds. */
export async function indexedTrades(databaseUrl: string, signatures: string[]): Promise<Set<string>> {
  const rows = await query<{ signature: string }>(databaseUrl, 'select signature from curve_trades where signature = any($1)', [signatures]);
  return new Set(rows.map((r) => r.signature));
}

/**
 * The curve the database holds (what every web process prices on, mirrored by the indexer)
 * equals the pool on chain: the DBC pool's, or once graduated its DAMM v2 pool's.
 */
export async function expectCurveEqualsPool(ledgerUrl: string, databaseUrl: string, mint: string): Promise<void> {
  const pool = await poolRow(databaseUrl, mint);
  const connection = new Connection(ledgerUrl, 'confirmed');
  const chain = pool.damm_pool
    ? (await readDammPoolNow(connection, pool.damm_pool, BigInt(pool.threshold_lamports))).state
    : await readCurveState(connection, new PublicKey(pool.pool_wallet));
  expect(chain, `no pool on chain for ${mint}`).not.toBeNull();
  expect({
    virtualSolReserves: BigInt(pool.virtual_sol_reserves), virtualTokenReserves: BigInt(pool.virtual_token_reserves),
    realSolReserves: BigInt(pool.real_sol_reserves), complete: pool.complete,
  }).toEqual({
    virtualSolReserves: chain!.virtualSolReserves, virtualTokenReserves: chain!.virtualTokenReserves,
    realSolReserves: chain!.realSolReserves, complete: chain!.complete,
  });
}

/** Which fleet process (its PGAPPNAME, `causemint-<name>`) holds a job's advisory lock now; null: none. */
export async function jobLockHolder(databaseUrl: string, job: string): Promise<string | null> {
  const rows = await query<{ application_name: string }>(databaseUrl, `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and l.classid = 727274002 and l.objid = $1 and a.datname = current_database()`, [jobLockKey(job)]);
  return rows[0]?.application_name ?? null;
}

/** JSON-RPC straight to the ledger process. */
export async function ledgerRpc<T>(ledgerUrl: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(ledgerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = await res.json() as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export async function solBalance(ledgerUrl: string, wallet: string): Promise<bigint> {
  return BigInt((await ledgerRpc<{ value: number }>(ledgerUrl, 'getBalance', [wallet, { commitment: 'confirmed' }])).value);
}

/** The owner's tokens of `mint`, in base units, over all its token accounts (0: none). */
export async function tokenBalance(ledgerUrl: string, mint: string, owner: string): Promise<bigint> {
  type Parsed = { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } };
  const { value } = await ledgerRpc<{ value: Parsed[] }>(ledgerUrl, 'getTokenAccountsByOwner', [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }]);
  return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
}

/** The campaign's curve as the database holds it (what every web process prices on). */
export async function poolRow(databaseUrl: string, mint: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      pool_wallet: string; damm_pool: string | null; threshold_lamports: string; virtual_sol_reserves: string; virtual_token_reserves: string;
      real_sol_reserves: string; complete: boolean; graduated_at: Date | null;
    }>(`select pool_wallet, damm_pool, threshold_lamports::text, virtual_sol_reserves::text, virtual_token_reserves::text, real_sol_reserves::text,
      complete, graduated_at from curve_pools where mint = $1`, [mint]);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

export async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export const signatureOf = (tx: Transaction) => bs58.encode(tx.signature!);

/**
 * Three campaigns whose donation wallets start with 1 SOL each (so what they gain is the payouts
 * alone) and two funded traders; `round` buys every campaign once per trader, through both web
 * processes, so each campaign then has a fee to pay out.
 */
export async function payoutCampaigns(fleet: Fleet, tickerPrefix: string, buySol: string) {
  const donationWallets = [0, 1, 2].map(() => Keypair.generate().publicKey.toBase58());
  await Promise.all(donationWallets.map((w) => airdrop(fleet.url, new PublicKey(w), 1)));
  const mints = (await Promise.all(donationWallets.map((donationWallet, i) => launchCampaign(fleet.url, { initialBuy: '0', ticker: `${tickerPrefix}${'ABC'[i]}`, donationWallet })))).map((c) => c.mint);
  const traders = [0, 1].map(() => Keypair.generate());
  await Promise.all(traders.map((t) => airdrop(fleet.url, t.publicKey, 20)));
  const round = async () => {
    for (const mint of mints) await Promise.all(traders.map((t, i) => trade(fleet.webs[i]!.url!, fleet.webs[1 - i]!.url!, mint, 'buy', t, buySol, someClient())));
  };
  return { donationWallets, mints, traders, round };
}
