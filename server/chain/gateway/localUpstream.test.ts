import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type StartedServer } from '../../../e2e/server';
import { createTestApp, type TestApp } from '../../testing/app';

// The gateway in front of a second Causemint server running the local ledger: an unmodified
// web3.js Connection talks only to the gateway (HTTP and PubSub), the ledger answers upstream.
describe('gateway with a local-mode server as the cluster', () => {
  let upstream: StartedServer;
  let gateway: TestApp;
  let localnet: TestApp;
  let connection: Connection;
  let localnetConnection: Connection;

  beforeAll(async () => {
    // The upstream keeps its own embedded database even when this suite runs on PostgreSQL.
    upstream = await startServer({ DATABASE_URL: '' });
    gateway = await createTestApp({ SOLANA_RPC_URL: `${upstream.url}/api/rpc`, SOLANA_CLUSTER: 'devnet' });
    const port = await freePort();
    await gateway.app.listen({ host: '127.0.0.1', port });
    connection = new Connection(`http://127.0.0.1:${port}/api/rpc`, 'confirmed');
    // The fleet's web process: the upstream is a Causemint ledger, not a provider.
    localnet = await createTestApp({ SOLANA_RPC_URL: `${upstream.url}/api/rpc`, SOLANA_CLUSTER: 'localnet' });
    const localnetPort = await freePort();
    await localnet.app.listen({ host: '127.0.0.1', port: localnetPort });
    localnetConnection = new Connection(`http://127.0.0.1:${localnetPort}/api/rpc`, 'confirmed');
  }, 180_000);
  afterAll(async () => {
    await localnet?.close();
    await gateway?.close();
    await upstream?.stop();
  });

  it('reads balances and blockhashes and confirms a transfer through the gateway', async () => {
    const payer = Keypair.generate();
    const recipient = Keypair.generate();
    const airdrop = await fetch(`${upstream.url}/api/dev/airdrop`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: payer.publicKey.toBase58(), sol: 2 }),
    });
    expect(airdrop.status).toBe(200);

    expect(await connection.getBalance(payer.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    expect(blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(lastValidBlockHeight).toBeGreaterThan(0);

    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: LAMPORTS_PER_SOL / 2 }));
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await connection.getBalance(recipient.publicKey)).toBe(LAMPORTS_PER_SOL / 2);

    // Airdrops are local-only: the gateway refuses to forward them.
    await expect(connection.requestAirdrop(recipient.publicKey, LAMPORTS_PER_SOL)).rejects.toThrow('Method not allowed');
  });

  it('relays the newer subscriptions to a provider and keeps blocks and costly cluster methods local', async () => {
    const roots: number[] = [];
    const id = connection.onRootChange((root) => roots.push(root));
    await expect.poll(() => roots.length, { timeout: 15_000 }).toBeGreaterThan(1);
    await connection.removeRootChangeListener(id);
    expect(roots[1]).toBeGreaterThan(roots[0]);

    await expect(connection.getBlock(await connection.getSlot(), { maxSupportedTransactionVersion: 0 })).rejects.toThrow('Method not allowed');
    await expect(connection.getClusterNodes()).rejects.toThrow('Method not allowed');
  });

  it("forwards every method the ledger serves when the upstream is a Causemint ledger (the fleet's web processes)", async () => {
    const payer = Keypair.generate();
    await fetch(`${upstream.url}/api/dev/airdrop`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: payer.publicKey.toBase58(), sol: 1 }),
    });
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    const signature = await sendAndConfirmTransaction(localnetConnection, tx, [payer]);
    const { slot } = (await localnetConnection.getTransaction(signature, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' }))!;
    await expect.poll(async () => (await localnetConnection.getBlocks(slot, undefined, 'confirmed')).includes(slot), { timeout: 10_000 }).toBe(true);
    const block = await localnetConnection.getBlock(slot, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' });
    expect(block!.transactions.map((t) => t.transaction.signatures[0])).toContain(signature);

    const nodes = await localnetConnection.getClusterNodes();
    expect(nodes).toHaveLength(1);
    expect((await localnetConnection.getSupply()).value.total).toBeGreaterThan(0);
    expect(await localnetConnection.getFirstAvailableBlock()).toBeGreaterThanOrEqual(0);
  });
});
