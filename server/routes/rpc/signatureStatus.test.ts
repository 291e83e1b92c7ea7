import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Signature } from '@solana/kit';
import bs58 from 'bs58';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

describe('signature statuses move from confirmed to finalized as slots pass', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let subscriptions: RpcTestApp['rpcSubscriptions'];
  const payer = Keypair.generate();

  beforeAll(async () => {
    // The tests warp the clock past web3.js's cached blockhash.
    t = await startRpcTestApp({}, { freshBlockhashes: true });
    ({ connection, rpc, rpcSubscriptions: subscriptions } = t);
    await airdrop(connection, payer.publicKey, 2 * LAMPORTS_PER_SOL);
  });
  afterAll(async () => { await t?.close(); });

  const ledger = () => t.services.chain.ledger!;
  const transfer = () => sendAndConfirmTransaction(connection, new Transaction().add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
  ), [payer]);

  it('web3.js: confirmed with Agave\'s confirmation count at once, finalized (confirmations null) 32 slots on, history only when searched', async () => {
    const signature = await transfer();
    const { context, value: [status] } = await connection.getSignatureStatuses([signature]);
    expect(status).toMatchObject({ confirmationStatus: 'confirmed', err: null });
    expect(status!.confirmations).toBe(context.slot - status!.slot);
    expect(status!.confirmations).toBeLessThan(32);

    ledger().warp(BigInt(status!.slot) + 31n);
    const almost = (await connection.getSignatureStatus(signature)).value!;
    expect(almost.confirmationStatus).toBe('confirmed');
    expect(almost.confirmations).toBeGreaterThanOrEqual(31);
    ledger().warp(BigInt(status!.slot) + 32n);
    expect((await connection.getSignatureStatus(signature)).value).toMatchObject({ confirmationStatus: 'finalized', confirmations: null, slot: status!.slot });

    // Past the 150-slot status cache a validator answers null unless asked to search its history.
    ledger().warp(BigInt(status!.slot) + 200n);
    expect((await connection.getSignatureStatus(signature)).value).toBeNull();
    expect((await connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value)
      .toMatchObject({ confirmationStatus: 'finalized', confirmations: null, slot: status!.slot, err: null });
  });

  it('kit: the same statuses; signatureNotifications at finalized waits for the root while confirmed answers at once', async () => {
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.sign(payer);
    const signature = bs58.encode(tx.signature!) as Signature;
    // Subscribed before sending, as kit's sendAndConfirm does: kit's iterator drops what arrives before it iterates.
    const abort = new AbortController();
    const seen: string[] = [];
    const listen = async (commitment: 'confirmed' | 'finalized') => {
      const stream = await subscriptions.signatureNotifications(signature, { commitment }).subscribe({ abortSignal: abort.signal });
      for await (const n of stream) { seen.push(`${commitment}:${n.value.err === null ? 'ok' : 'err'}`); break; }
    };
    const finalized = listen('finalized');
    const confirmed = listen('confirmed');
    await new Promise((r) => setTimeout(r, 300)); // both subscriptions reach the server
    await connection.sendRawTransaction(tx.serialize());
    await confirmed;
    const { value: [status] } = await rpc.getSignatureStatuses([signature]).send();
    expect(status?.confirmationStatus).toBe('confirmed');
    const landed = status!.slot;
    // Not rooted yet: no finalized notification however long one waits within the 32 slots.
    await new Promise((r) => setTimeout(r, 300));
    if (ledger().slot - landed < 32n) expect(seen).toEqual(['confirmed:ok']);
    ledger().warp(landed + 32n);
    await finalized;
    expect(seen).toEqual(['confirmed:ok', 'finalized:ok']);
    abort.abort();
    const { value: [rooted] } = await rpc.getSignatureStatuses([signature]).send();
    expect(rooted).toMatchObject({ confirmationStatus: 'finalized', confirmations: null, slot: landed });
  });

  it('web3.js: onSignature at finalized for a rooted transaction answers at once; at finalized for a fresh one, only after the root', async () => {
    const old = await transfer();
    const landedOld = (await connection.getSignatureStatus(old)).value!.slot;
    ledger().warp(BigInt(landedOld) + 32n);
    const rootedNote = await new Promise<unknown>((resolve) => connection.onSignature(old, (r) => resolve(r.err), 'finalized'));
    expect(rootedNote).toBeNull();

    const fresh = await transfer();
    let notified = false;
    const note = new Promise<void>((resolve) => connection.onSignature(fresh, () => { notified = true; resolve(); }, 'finalized'));
    await new Promise((r) => setTimeout(r, 500));
    const landed = BigInt((await connection.getSignatureStatus(fresh)).value!.slot);
    if (ledger().slot - landed < 32n) expect(notified).toBe(false);
    ledger().warp(landed + 32n);
    await note;
    expect(notified).toBe(true);
  });
});
