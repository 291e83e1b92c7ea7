import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { address, signature as toSignature } from '@solana/kit';
import { count, lte } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/schema';
import { airdrop, rpcError, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

// Each commitment reads at its own slot, as a validator's banks do (rpc.rs): `processed` the
// slot taking transactions, `confirmed` the newest finished block, `finalized` the root, 32
// slots behind the tip. Reads at `finalized` never show what the root has not reached, so a
// client pairing getSlot('finalized') with getBlock or getTransaction never trips.
describe('commitment levels: slots, blockhashes, blocks and history at processed, confirmed and finalized', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  const payer = Keypair.generate();

  beforeAll(async () => {
    // Slow slots: the clock stays where the tests warp it.
    t = await startRpcTestApp({ LEDGER_SLOT_MS: '2000' }, { freshBlockhashes: true });
    ({ connection, rpc } = t);
    await airdrop(connection, payer.publicKey, 2 * LAMPORTS_PER_SOL);
    t.services.chain.ledger!.warp(100n);
  });
  afterAll(async () => { await t?.close(); });

  const ledger = () => t.services.chain.ledger!;
  const transfer = () => sendAndConfirmTransaction(connection, new Transaction().add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
  ), [payer]);

  it('web3.js: a fresh transaction is found at confirmed and not at finalized until the root reaches its slot', async () => {
    const signature = await transfer();
    const { slot } = (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    const finalizedSlot = await connection.getSlot('finalized');
    expect(finalizedSlot).toBe(Number(ledger().slot) - 32);
    expect(finalizedSlot).toBeLessThan(slot);
    expect(await connection.getSlot('processed')).toBe(Number(ledger().slot));
    expect(await connection.getBlockHeight('finalized')).toBe(finalizedSlot);

    expect(await connection.getTransaction(signature, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })).toBeNull();
    expect((await connection.getSignaturesForAddress(payer.publicKey, {}, 'finalized')).map((s) => s.signature)).not.toContain(signature);
    const confirmed = await connection.getSignaturesForAddress(payer.publicKey, {}, 'confirmed');
    expect(confirmed[0]).toMatchObject({ signature, slot, confirmationStatus: 'confirmed' });
    // The airdrop landed before the warp: rooted.
    expect(confirmed.at(-1)!.confirmationStatus).toBe('finalized');
    await expect(connection.getBlock(slot, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })).rejects.toThrow(`Block not available for slot ${slot}`);
    expect(await connection.getBlocks(slot - 1, slot, 'finalized')).toEqual([]);

    // 32 slots on, the root is the transaction's slot.
    ledger().warp(BigInt(slot) + 32n);
    expect(await connection.getSlot('finalized')).toBe(slot);
    expect((await connection.getTransaction(signature, { commitment: 'finalized', maxSupportedTransactionVersion: 0 }))!.slot).toBe(slot);
    expect((await connection.getSignaturesForAddress(payer.publicKey, { limit: 1 }, 'finalized'))[0])
      .toMatchObject({ signature, slot, confirmationStatus: 'finalized' });
    const block = (await connection.getBlock(slot, { commitment: 'finalized', maxSupportedTransactionVersion: 0 }))!;
    expect(block.transactions.map((tx) => tx.transaction.signatures[0])).toContain(signature);
    expect(await connection.getBlocks(slot - 1, slot + 10, 'finalized')).toEqual([slot - 1, slot]);
  });

  it('web3.js: the finalized blockhash is the root block\'s, valid 150 slots from the root, and a transaction using it lands', async () => {
    const { context, value } = await connection.getLatestBlockhashAndContext('finalized');
    const root = await connection.getSlot('finalized');
    expect(context.slot).toBe(root);
    expect(value.lastValidBlockHeight).toBe(root + 150);
    expect((await connection.getBlock(root, { commitment: 'finalized', maxSupportedTransactionVersion: 0, transactionDetails: 'none' }))!.blockhash).toBe(value.blockhash);
    const processed = await connection.getLatestBlockhashAndContext('processed');
    expect(processed.context.slot).toBe(Number(ledger().slot));
    expect(processed.value.lastValidBlockHeight).toBe(processed.context.slot + 150);

    const tx = new Transaction({ feePayer: payer.publicKey, ...value })
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    tx.sign(payer);
    const signature = await connection.sendRawTransaction(tx.serialize());
    expect((await connection.confirmTransaction({ signature, ...value }, 'confirmed')).value.err).toBeNull();
  });

  it('web3.js: an indexer pairing getSlot with getBlock at confirmed and at finalized always finds the block', async () => {
    ledger().warp(ledger().slot + 1n);
    for (const commitment of ['confirmed', 'finalized'] as const) {
      const slot = await connection.getSlot(commitment);
      const block = await connection.getBlock(slot, { commitment, maxSupportedTransactionVersion: 0, transactionDetails: 'none' });
      expect(block!.parentSlot).toBe(slot - 1);
      expect((await connection.getBlocks(slot, undefined, commitment)).at(-1)).toBe(slot);
    }
    expect(await connection.getSlot('confirmed')).toBeLessThan(await connection.getSlot('processed'));
    const epoch = await connection.getEpochInfo('finalized');
    expect(epoch.absoluteSlot).toBe(await connection.getSlot('finalized'));
  });

  it('finalized is the default for a client that sends none (web3.js without one); kit sends confirmed', async () => {
    const signature = await transfer();
    const bare = new Connection(connection.rpcEndpoint);
    expect(await bare.getSlot()).toBe(Number(ledger().slot - 32n));
    expect(await bare.getTransaction(signature, { maxSupportedTransactionVersion: 0 })).toBeNull();
    expect((await bare.getSignaturesForAddress(payer.publicKey, { limit: 1 }))[0]!.signature).not.toBe(signature);
    // kit's default request transformer adds commitment 'confirmed' to every call that takes one.
    expect(await rpc.getSlot().send()).toBe(BigInt(ledger().lastBlockSlot));
    const fresh = await rpc.getTransaction(toSignature(signature), { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(fresh!.slot).toBeGreaterThan(await rpc.getSlot({ commitment: 'finalized' }).send());
    const history = await rpc.getSignaturesForAddress(address(payer.publicKey.toBase58()), { limit: 1 }).send();
    expect(history[0]).toMatchObject({ signature, confirmationStatus: 'confirmed' });
  });

  it('isBlockhashValid, getFeeForMessage and the transaction count answer at the commitment\'s bank (web3.js and kit)', async () => {
    const signature = await transfer();
    const { slot: txSlot } = (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    const countUpTo = async (slot: number) => (await t.services.db.select({ n: count() }).from(ledgerTransactions)
      .where(lte(ledgerTransactions.slot, BigInt(slot))))[0].n;
    const counts: Record<string, number> = {};
    for (const commitment of ['processed', 'confirmed', 'finalized'] as const) {
      const epoch = await connection.getEpochInfo(commitment);
      expect(epoch.transactionCount, commitment).toBe(await countUpTo(epoch.absoluteSlot));
      counts[commitment] = epoch.transactionCount!;
      expect(await connection.getTransactionCount(commitment)).toBe(counts[commitment]);
    }
    // The transfer is younger than the root: counted at processed and confirmed, not at finalized.
    expect(counts.finalized).toBeLessThan(counts.confirmed);
    expect(await rpc.getTransactionCount({ commitment: 'finalized' }).send()).toBe(BigInt(counts.finalized));

    const tip = await connection.getLatestBlockhashAndContext('processed');
    const root = await connection.getLatestBlockhashAndContext('finalized');
    expect((await connection.isBlockhashValid(tip.value.blockhash, { commitment: 'processed' })).value).toBe(true);
    // The finalized bank, 32 slots back, has not seen the tip's blockhash yet; every bank knows the root's.
    const atRoot = await rpc.isBlockhashValid(tip.value.blockhash as never, { commitment: 'finalized' }).send();
    expect(atRoot).toMatchObject({ context: { slot: BigInt(root.context.slot) }, value: false });
    const atConfirmed = await rpc.isBlockhashValid(tip.value.blockhash as never, { commitment: 'confirmed' }).send();
    expect(atConfirmed.value).toBe(tip.context.slot <= atConfirmed.context.slot);
    for (const commitment of ['processed', 'confirmed', 'finalized'] as const) {
      expect((await connection.isBlockhashValid(root.value.blockhash, { commitment })).value, commitment).toBe(true);
    }
    const message = new Transaction({ feePayer: payer.publicKey, recentBlockhash: tip.value.blockhash })
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 })).compileMessage();
    expect((await connection.getFeeForMessage(message, 'processed')).value).toBe(5000);
    expect(await connection.getFeeForMessage(message, 'finalized')).toMatchObject({ context: { slot: root.context.slot }, value: null });

    // 32 slots on, the root has passed the transfer and its blockhash.
    ledger().warp(BigInt(Math.max(txSlot, tip.context.slot)) + 32n);
    expect((await connection.isBlockhashValid(tip.value.blockhash, { commitment: 'finalized' })).value).toBe(true);
    const rooted = await connection.getEpochInfo('finalized');
    expect(rooted.transactionCount).toBe(await countUpTo(rooted.absoluteSlot));
    expect(rooted.transactionCount).toBeGreaterThanOrEqual(counts.confirmed);
  });

  it('kit: minContextSlot is checked against the commitment\'s slot, and unknown levels are refused', async () => {
    const tip = ledger().slot;
    expect(await rpcError(rpc.getSlot({ commitment: 'finalized', minContextSlot: tip - 10n }).send()))
      .toMatchObject({ code: -32016, message: expect.stringContaining('Minimum context slot has not been reached') });
    expect(await rpc.getSlot({ commitment: 'processed', minContextSlot: tip - 10n }).send()).toBeGreaterThanOrEqual(tip);

    expect(await rpcError(rpc.getSlot({ commitment: 'soon' as 'finalized' }).send()))
      .toMatchObject({ code: -32602, message: expect.stringContaining('unknown variant `soon`, expected one of `processed`, `confirmed`, `finalized`') });
    expect(await rpcError(rpc.getBlocks(0n, 10n, { commitment: 'processed' as 'confirmed' }).send()))
      .toMatchObject({ code: -32602, message: expect.stringContaining('Method does not support commitment below `confirmed`') });
  });
});

describe('commitment levels on a ledger younger than the root depth', () => {
  let t: RpcTestApp;
  beforeAll(async () => { t = await startRpcTestApp({ LEDGER_SLOT_MS: '5000' }); });
  afterAll(async () => { await t?.close(); });

  it('reads its first slot at confirmed and finalized, and serves no rooted block yet', async () => {
    const { connection } = t;
    const tip = Number(t.services.chain.ledger!.slot);
    expect(tip).toBeLessThan(32);
    expect(await connection.getSlot('processed')).toBe(tip);
    expect(await connection.getSlot('finalized')).toBe(0);
    expect(await connection.getSlot('confirmed')).toBe(Math.max(0, tip - 1));
    expect(await connection.getBlocks(0, undefined, 'finalized')).toEqual([]);
    await expect(connection.getBlock(0, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })).rejects.toThrow('Block not available for slot 0');
    if (tip > 0) expect((await connection.getBlock(0, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!.parentSlot).toBe(0);
  });
});
