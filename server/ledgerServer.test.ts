import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_CALLER_HEADER, fleetCallerToken } from './chain/fleetCaller';
import { FORWARDED_CLIENT_HEADER } from './chain/gateway/upstream';
import { buildLedgerServer } from './ledgerServer';
import { createTestApp, type TestApp } from './testing/app';

type RpcAnswer = { result?: unknown; error?: { code: number; message: string } };

// --role=ledger's port (issue 35): a stranger who reaches it gets the faucet's cap and rate;
// only calls carrying the fleet's mark (derived from the shared KEY_ENCRYPTION_SECRET) are ours.
describe('the ledger process\'s faucet', () => {
  let t: TestApp;
  let ledger: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ FAUCET_MAX_SOL: '100', FAUCET_PER_MINUTE: '10' });
    ledger = await buildLedgerServer(t.services);
    await ledger.ready();
  });
  afterAll(async () => {
    await ledger?.close();
    await t?.close();
  });

  const airdrop = async (wallet: string, sol: number, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') => {
    const res = await ledger.inject({
      method: 'POST', url: '/', remoteAddress, headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet, sol * LAMPORTS_PER_SOL] }),
    });
    return { status: res.statusCode, body: res.json() as RpcAnswer };
  };
  const lamports = (wallet: string) => t.services.chain.ledger!.getAccount(wallet)?.lamports ?? 0n;

  it('refuses a stranger\'s 1,000,000 SOL airdrop, allows 10 of 100 SOL a minute, then 429', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const huge = await airdrop(wallet, 1_000_000);
    expect(huge.body.error).toEqual({ code: -32602, message: 'Invalid params: airdrop request too large: at most 100 SOL (100000000000 lamports) per airdrop.' });
    // A mark that is not the fleet's, or a browser's marker alone, is a stranger too.
    expect((await airdrop(wallet, 1_000_000, { [FLEET_CALLER_HEADER]: 'f'.repeat(64), [FORWARDED_CLIENT_HEADER]: '1' })).body.error?.code).toBe(-32602);
    expect(lamports(wallet)).toBe(0n);
    for (let i = 0; i < 10; i++) expect(typeof (await airdrop(wallet, 100)).body.result).toBe('string');
    const limited = await airdrop(wallet, 1);
    expect(limited.status).toBe(200);
    expect(limited.body.error?.code).toBe(429);
    expect(limited.body.error?.message).toMatch(/^airdrop request limit reached: at most 10 airdrops a minute/);
    expect(lamports(wallet)).toBe(1000n * BigInt(LAMPORTS_PER_SOL));
    // The count is the one POST /api/dev/airdrop keeps for that address (in the database).
    const dev = await t.app.inject({ method: 'POST', url: '/api/dev/airdrop', remoteAddress: '192.0.2.10', payload: { wallet, sol: 1 } });
    expect(dev.statusCode).toBe(429);
  });

  it('serves the fleet\'s own processes unlimited, and a gateway\'s browser calls without counting their faucet twice', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const ours = { [FLEET_CALLER_HEADER]: fleetCallerToken(t.services.env) };
    for (let i = 0; i < 12; i++) expect(typeof (await airdrop(wallet, i === 0 ? 100_000 : 1, ours, '192.0.2.20')).body.result).toBe('string');
    expect(lamports(wallet)).toBe(100_011n * BigInt(LAMPORTS_PER_SOL));
    const browser = { ...ours, [FORWARDED_CLIENT_HEADER]: '1' };
    for (let i = 0; i < 12; i++) expect(typeof (await airdrop(wallet, 1, browser, '192.0.2.20')).body.result).toBe('string');
    // ...and the stranger's count from that address was never touched.
    expect(typeof (await airdrop(wallet, 1, {}, '192.0.2.20')).body.result).toBe('string');
  });
});
