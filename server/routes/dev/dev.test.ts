import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { createTestApp, type TestApp } from '../../testing/app';

describe('POST /api/dev/airdrop', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  const airdrop = (payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/api/dev/airdrop', payload: payload as object, remoteAddress: ip });

  it('sends real SOL from the faucet and returns the signature and the new balance', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const first = await airdrop({ wallet, sol: '1.5' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ balance: '1.5' });
    const second = await airdrop({ wallet, sol: 100 });
    expect(second.json().balance).toBe('101.5');
    // A real transfer: in the wallet's history, from the faucet.
    const history = await t.services.chain.connection.getSignaturesForAddress(Keypair.generate().publicKey);
    expect(history).toEqual([]);
    const mine = await t.services.chain.connection.getSignaturesForAddress(new (await import('@solana/web3.js')).PublicKey(wallet));
    expect(mine.map((s) => s.signature)).toEqual([second.json().signature, first.json().signature]);
    const tx = await t.services.chain.connection.getParsedTransaction(first.json().signature, { maxSupportedTransactionVersion: 0 });
    expect(tx?.transaction.message.instructions[0]).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { destination: wallet, lamports: 1_500_000_000 } } });
  });

  it('validates the wallet and the amount', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect((await airdrop({ wallet, sol: '100.000000001' }, '10.0.0.2')).json().error).toBe('At most 100 SOL per airdrop');
    expect((await airdrop({ wallet, sol: 0 }, '10.0.0.2')).json().error).toBe('SOL amount must be greater than 0');
    expect((await airdrop({ wallet, sol: 'abc' }, '10.0.0.2')).json().error).toBe('Invalid SOL amount');
    const bad = await airdrop({ wallet: 'nope', sol: 1 }, '10.0.0.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid wallet address');
  });

  it('limits each address to 10 airdrops a minute', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    for (let i = 0; i < 10; i++) expect((await airdrop({ wallet, sol: '0.01' }, '10.0.0.3')).statusCode).toBe(200);
    const limited = await airdrop({ wallet, sol: '0.01' }, '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many airdrops: at most 10 a minute');
    expect((await airdrop({ wallet, sol: '0.01' }, '10.0.0.4')).statusCode).toBe(200);
  });

  const requestAirdrop = (wallet: string, lamports: number, ip: string) => t.app.inject({
    method: 'POST', url: '/api/rpc', remoteAddress: ip, headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet, lamports] }),
  });

  it('counts airdrops through /api/dev/airdrop and the JSON-RPC requestAirdrop together, per client', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    for (let i = 0; i < 10; i++) {
      if (i % 2 === 0) expect((await airdrop({ wallet, sol: '0.01' }, '10.0.0.5')).statusCode).toBe(200);
      else expect((await requestAirdrop(wallet, 10_000_000, '10.0.0.5')).json().result).toEqual(expect.any(String));
    }
    const overHttp = await airdrop({ wallet, sol: '0.01' }, '10.0.0.5');
    expect(overHttp.statusCode).toBe(429);
    expect(overHttp.json().error).toBe('Too many airdrops: at most 10 a minute');
    const overRpc = await requestAirdrop(wallet, 10_000_000, '10.0.0.5');
    expect(overRpc.statusCode).toBe(200);
    expect(overRpc.json().error.code).toBe(429);
    expect(overRpc.json().error.message).toMatch(/^airdrop request limit reached: at most 10 airdrops a minute/);
    expect(t.services.chain.ledger!.getAccount(wallet)?.lamports).toBe(100_000_000n);
    // Another client still has its own ten.
    expect((await requestAirdrop(wallet, 10_000_000, '10.0.0.6')).json().result).toEqual(expect.any(String));
  });

  it('caps the JSON-RPC requestAirdrop at 100 SOL, as the dev route', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const tooBig = await requestAirdrop(wallet, 100_000_000_001, '10.0.0.7');
    expect(tooBig.json().error).toEqual({ code: -32602, message: 'Invalid params: airdrop request too large: at most 100 SOL (100000000000 lamports) per airdrop.' });
    expect(t.services.chain.ledger!.getAccount(wallet)).toBeNull();
    expect((await requestAirdrop(wallet, 100_000_000_000, '10.0.0.7')).json().result).toEqual(expect.any(String));
    expect(t.services.chain.ledger!.getAccount(wallet)?.lamports).toBe(100_000_000_000n);
  });
});

describe('POST /api/dev/airdrop on a real cluster', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ SOLANA_RPC_URL: 'http://127.0.0.1:9/', SOLANA_CLUSTER: 'devnet' }); });
  afterAll(async () => { await t?.close(); });

  it('does not exist', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/airdrop', payload: { wallet: Keypair.generate().publicKey.toBase58(), sol: 1 } });
    expect(res.statusCode).toBe(404);
    expect(t.services.chain.mode).toBe('cluster');
    expect(t.services.chain.ledger).toBeUndefined();
  });
});
