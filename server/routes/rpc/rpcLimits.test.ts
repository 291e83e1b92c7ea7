import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

// Small limits so the tests reach them quickly; the maximal batch (60) fits the rate limit (60) once.
const MAX_BATCH = 60;
const RATE_LIMIT = 60;
const MAX_PROGRAM_ACCOUNTS = 500;
const SPACE = 16;

type RpcBody = { jsonrpc: '2.0'; id: number | string | null; result?: unknown; error?: { code: number; message: string } };

describe('local /api/rpc limits for outside clients', () => {
  let t: RpcTestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startRpcTestApp({
      RPC_MAX_BATCH: String(MAX_BATCH), RPC_RATE_LIMIT: String(RATE_LIMIT), RPC_MAX_PROGRAM_ACCOUNTS: String(MAX_PROGRAM_ACCOUNTS),
      FAUCET_MAX_SOL: '5', FAUCET_PER_MINUTE: '3',
    });
    ({ baseUrl } = t);
  });
  afterAll(async () => { await t?.close(); });

  const post = (body: unknown, ip: string) => t.app.inject({
    method: 'POST', url: '/api/rpc', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body),
  });
  const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params });
  const lamportsOf = (address: PublicKey) => t.services.chain.ledger!.getAccount(address.toBase58())?.lamports ?? 0n;

  /** `count` accounts of SPACE bytes owned by `owner`, created straight on the ledger (from the faucet, no RPC). */
  async function createProgramAccounts(owner: PublicKey, count: number): Promise<void> {
    const ledger = t.services.chain.ledger!;
    const base = ledger.faucet;
    const lamports = Number(ledger.minimumBalanceForRentExemption(BigInt(SPACE)));
    const sends = [];
    for (let first = 0; first < count; first += 7) {
      const tx = new Transaction({ feePayer: base.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash });
      for (let i = first; i < Math.min(count, first + 7); i++) {
        const seed = `a${i}`;
        const newAccountPubkey = await PublicKey.createWithSeed(base.publicKey, seed, owner);
        tx.add(SystemProgram.createAccountWithSeed({
          fromPubkey: base.publicKey, basePubkey: base.publicKey, seed, newAccountPubkey, lamports, space: SPACE, programId: owner,
        }));
      }
      tx.sign(base);
      sends.push(ledger.send(tx.serialize(), { preflight: true }));
    }
    for (const outcome of await Promise.all(sends)) expect(outcome.kind === 'landed' && outcome.record.err === null).toBe(true);
  }

  it('refuses a batch over RPC_MAX_BATCH with one JSON-RPC error, running none of its calls', async () => {
    const wallet = Keypair.generate().publicKey;
    const batch = [call('requestAirdrop', [wallet.toBase58(), LAMPORTS_PER_SOL], 0), ...Array.from({ length: MAX_BATCH }, (_, i) => call('getSlot', [], i + 1))];
    const res = await post(batch, '10.9.0.1');
    // QuickNode's 413 Content Too Large, the code mirroring the status as its documented 429 does.
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: 413, message: `Content Too Large: at most ${MAX_BATCH} calls per batch` } });
    expect(lamportsOf(wallet)).toBe(0n);
    // The largest allowed batch runs, every call answered in order (another client: the refusal cost 10.9.0.1 one call).
    const allowed = (await post(batch.slice(1), '10.9.0.11')).json() as RpcBody[];
    expect(allowed.map((r) => r.id)).toEqual(batch.slice(1).map((c) => c.id));
  });

  it("counts every call of a batch against the client's rate limit, answering 429 with Retry-After", async () => {
    const batch = Array.from({ length: RATE_LIMIT }, (_, i) => call('getHealth', [], i));
    const answered = await post(batch, '10.9.0.2');
    expect(answered.statusCode).toBe(200);
    expect((answered.json() as RpcBody[]).every((r) => r.result === 'ok')).toBe(true);

    const limited = await post(call('getSlot', [], 'next'), '10.9.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json()).toEqual({ jsonrpc: '2.0', id: 'next', error: { code: 429, message: 'The requests per second (RPS) of your requests are higher than your plan allows.' } });
    expect((await post([call('getSlot')], '10.9.0.2')).statusCode).toBe(429);

    // Another client is not affected, and neither is the server's own in-process Connection.
    expect((await post(call('getSlot'), '10.9.0.3')).statusCode).toBe(200);
    for (let i = 0; i < RATE_LIMIT * 2; i++) await t.services.chain.connection.getSlot();
  });

  it('refuses an unfiltered getProgramAccounts and an answer over RPC_MAX_PROGRAM_ACCOUNTS; answers a filtered one', async () => {
    const owner = Keypair.generate().publicKey;
    await createProgramAccounts(owner, MAX_PROGRAM_ACCOUNTS + 1);
    const ip = '10.9.0.4';

    const unfiltered = (await post(call('getProgramAccounts', [owner.toBase58(), { encoding: 'base64', commitment: 'confirmed' }]), ip)).json() as RpcBody;
    // What mainnet-beta answers for a program kept out of its secondary indexes (Agave's -32010).
    expect(unfiltered.error).toEqual({ code: -32010, message: `${owner.toBase58()} excluded from account secondary indexes; this RPC method unavailable for key` });

    const tooMany = (await post(call('getProgramAccounts', [owner.toBase58(), { encoding: 'base64', commitment: 'confirmed', filters: [{ dataSize: SPACE }] }]), ip)).json() as RpcBody;
    // Agave's ScanError (-32012), as a node over its scan limit answers.
    expect(tooMany.error).toEqual({ code: -32012, message: 'scan aborted: The accumulated scan results exceeded the limit' });

    const few = Keypair.generate().publicKey;
    await createProgramAccounts(few, 3);
    const filtered = (await post(call('getProgramAccounts', [few.toBase58(), { encoding: 'base64', commitment: 'confirmed', filters: [{ dataSize: SPACE }] }]), ip)).json() as RpcBody;
    expect(filtered.error).toBeUndefined();
    expect(filtered.result).toHaveLength(3);
    expect((filtered.result as { account: { owner: string } }[]).every((a) => a.account.owner === few.toBase58())).toBe(true);

    // The server's own scans (holders counts) are not capped.
    const own = await t.services.chain.connection.getProgramAccounts(owner, { filters: [{ dataSize: SPACE }] });
    expect(own).toHaveLength(MAX_PROGRAM_ACCOUNTS + 1);
  });

  it('answers GET /api/health while the largest allowed batch of the largest getProgramAccounts runs', async () => {
    const owner = Keypair.generate().publicKey;
    await createProgramAccounts(owner, MAX_PROGRAM_ACCOUNTS);
    const scan = call('getProgramAccounts', [owner.toBase58(), { encoding: 'base64', commitment: 'confirmed', filters: [{ dataSize: SPACE }] }]);
    const batch = Array.from({ length: MAX_BATCH }, (_, i) => ({ ...scan, id: i }));

    const order: string[] = [];
    let health: Promise<number> | undefined;
    // Asked once the server has the batch in hand, so the health check has to get through while it runs.
    t.app.server.once('request', () => {
      health = fetch(`${baseUrl}/api/health`).then((res) => { order.push('health'); return res.status; });
    });
    // The order the answers' headers arrive in: the server sends each one once it is complete.
    const response = await fetch(`${baseUrl}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
    order.push('batch');
    const answers = await response.json() as RpcBody[];

    expect(await health).toBe(200);
    expect(order).toEqual(['health', 'batch']);
    expect(answers).toHaveLength(MAX_BATCH);
    expect(answers.every((a) => Array.isArray(a.result) && a.result.length === MAX_PROGRAM_ACCOUNTS)).toBe(true);
  });

  it('caps requestAirdrop at FAUCET_MAX_SOL and FAUCET_PER_MINUTE per client, not the server itself', async () => {
    const wallet = Keypair.generate().publicKey;
    const ip = '10.9.0.5';
    const tooBig = (await post(call('requestAirdrop', [wallet.toBase58(), 5 * LAMPORTS_PER_SOL + 1]), ip)).json() as RpcBody;
    expect(tooBig.error).toEqual({ code: -32602, message: 'Invalid params: airdrop request too large: at most 5 SOL (5000000000 lamports) per airdrop.' });
    expect(lamportsOf(wallet)).toBe(0n);

    for (let i = 0; i < 3; i++) {
      const ok = (await post(call('requestAirdrop', [wallet.toBase58(), 5 * LAMPORTS_PER_SOL]), ip)).json() as RpcBody;
      expect(typeof ok.result).toBe('string');
    }
    const limited = (await post(call('requestAirdrop', [wallet.toBase58(), LAMPORTS_PER_SOL]), ip)).json() as RpcBody;
    expect(limited.error?.code).toBe(429);
    expect(limited.error?.message).toMatch(/^airdrop request limit reached: at most 3 airdrops a minute/);
    expect(lamportsOf(wallet)).toBe(15n * BigInt(LAMPORTS_PER_SOL));

    // The server's own airdrops (in-process Connection) are never limited.
    for (let i = 0; i < 4; i++) await t.services.chain.connection.requestAirdrop(wallet, 50 * LAMPORTS_PER_SOL);
    expect(lamportsOf(wallet)).toBe(215n * BigInt(LAMPORTS_PER_SOL));
  });
});
