import { afterAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { Connection, Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { startServer, type StartedServer } from '../../../e2e/server';
import { createTestDatabase } from '../../testing/db';

// The ledger's promise: a transaction confirmed to a client survives `kill -9` at any moment.
describe('local ledger crash safety', () => {
  const servers: StartedServer[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => {});
    await cleanup?.();
  });

  it('keeps every confirmed transfer and every balance after SIGKILL mid-burst, and goes on', async () => {
    const test = await createTestDatabase();
    cleanup = test.cleanup;
    // The child process opens the database itself (PGlite allows one process per directory).
    await test.database.close();
    const env = { DATABASE_URL: test.databaseUrl ?? '', LEDGER_SLOT_MS: '400' };
    const first = await startServer(env, { dataDir: test.dataDir });
    servers.push(first);
    const rpcUrl = `${first.url}/api/rpc`;
    const connection = new Connection(rpcUrl, 'confirmed');

    const payer = Keypair.generate();
    const res = await fetch(`${first.url}/api/dev/airdrop`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: payer.publicKey.toBase58(), sol: 100 }),
    });
    expect(res.status).toBe(200);
    const startBalance = BigInt(await connection.getBalance(payer.publicKey));

    // Signed beforehand: 400 transfers to 20 recipients, each with its own amount.
    const { blockhash } = await connection.getLatestBlockhash();
    const recipients = Array.from({ length: 20 }, () => Keypair.generate().publicKey);
    const transfers = Array.from({ length: 400 }, (_, i) => {
      const to = recipients[i % recipients.length];
      const lamports = 1_000_000 + i;
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
        .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }));
      tx.sign(payer);
      return { to, lamports: BigInt(lamports), signature: bs58.encode(tx.signature!), raw: tx.serialize().toString('base64') };
    });

    const confirmed = new Set<string>();
    let killed = false;
    const send = async (t: (typeof transfers)[number]) => {
      try {
        const r = await fetch(rpcUrl, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [t.raw, { encoding: 'base64' }] }),
        });
        const body = await r.json() as { result?: string };
        // sendTransaction answers once the transaction is durable: a signature here is a confirmation.
        if (body.result) {
          expect(body.result).toBe(t.signature);
          confirmed.add(body.result);
          if (confirmed.size === 150 && !killed) { killed = true; first.process.kill('SIGKILL'); }
        }
      } catch { /* the server died under us */ }
    };
    const queue = [...transfers];
    await Promise.all(Array.from({ length: 24 }, async () => { for (let t = queue.shift(); t; t = queue.shift()) await send(t); }));
    expect(killed).toBe(true);
    expect(confirmed.size).toBeGreaterThanOrEqual(150);
    expect(confirmed.size).toBeLessThan(transfers.length);
    if (first.process.exitCode === null && first.process.signalCode === null) await new Promise((r) => first.process.once('exit', r));
    servers.splice(servers.indexOf(first), 1);

    const second = await startServer(env, { dataDir: test.dataDir });
    servers.push(second);
    const after = new Connection(`${second.url}/api/rpc`, 'confirmed');
    const landed = new Set<string>();
    for (let i = 0; i < transfers.length; i += 200) {
      const slice = transfers.slice(i, i + 200).map((t) => t.signature);
      const { value } = await after.getSignatureStatuses(slice, { searchTransactionHistory: true });
      value.forEach((status, j) => { if (status) { expect(status.err).toBeNull(); landed.add(slice[j]); } });
    }
    for (const signature of confirmed) expect(landed.has(signature)).toBe(true);
    const sample = [...confirmed].slice(0, 20);
    for (const signature of sample) expect((await after.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta?.err).toBeNull();

    // Balances are exactly what the landed transfers imply (landed ⊇ confirmed: a commit may beat the kill to its reply).
    const expected = new Map<string, bigint>();
    let spent = 0n;
    for (const t of transfers) {
      if (!landed.has(t.signature)) continue;
      expected.set(t.to.toBase58(), (expected.get(t.to.toBase58()) ?? 0n) + t.lamports);
      spent += t.lamports + 5000n;
    }
    const balances = await after.getMultipleAccountsInfo(recipients);
    recipients.forEach((r, i) => expect(BigInt(balances[i]?.lamports ?? 0)).toBe(expected.get(r.toBase58()) ?? 0n));
    expect(BigInt(await after.getBalance(payer.publicKey))).toBe(startBalance - spent);
    const history = await after.getSignaturesForAddress(payer.publicKey, { limit: 1000 });
    expect(history).toHaveLength(landed.size + 1);

    // What the first process wrote is rooted from the restart on, not 32 slots later: the account
    // history reads at finalized need was that process's memory. Statuses, the finalized slot,
    // blocks and account reads at finalized agree.
    const newest = transfers.filter((t) => landed.has(t.signature)).slice(-100).map((t) => t.signature);
    const { value: rooted } = await after.getSignatureStatuses(newest);
    for (const status of rooted) expect(status).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
    const newestSlot = Math.max(...rooted.map((status) => status!.slot));
    expect(await after.getSlot('finalized')).toBeGreaterThanOrEqual(newestSlot);
    expect(await after.getBlock(newestSlot, { commitment: 'finalized', maxSupportedTransactionVersion: 0, transactionDetails: 'none' })).not.toBeNull();
    expect(BigInt(await after.getBalance(payer.publicKey, 'finalized'))).toBe(startBalance - spent);
    const atRoot = await after.getMultipleAccountsInfo(recipients, 'finalized');
    recipients.forEach((r, i) => expect(BigInt(atRoot[i]?.lamports ?? 0)).toBe(expected.get(r.toBase58()) ?? 0n));

    // The ledger goes on from there, and a resent landed transfer is refused as a duplicate.
    const next = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipients[0], lamports: 5_000_000 }));
    next.recentBlockhash = (await after.getLatestBlockhash()).blockhash;
    next.sign(payer);
    const signature = await after.sendRawTransaction(next.serialize());
    expect((await after.getSignatureStatus(signature)).value?.err).toBeNull();
    const landedOne = transfers.find((t) => landed.has(t.signature))!;
    await expect(after.sendRawTransaction(Buffer.from(landedOne.raw, 'base64'))).rejects.toThrow('already been processed');
  }, 120_000); // two server starts: slow on a busy machine
});

