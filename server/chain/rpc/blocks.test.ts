import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram, Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, TransactionMessage, VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import {
  createSolanaRpc, isSolanaError, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_BLOCK_NOT_AVAILABLE,
  type Signature,
} from '@solana/kit';
import { freePort } from '../../../e2e/server';
import { createTestApp, type TestApp } from '../../testing/app';
import { ledgerTransactions } from '../../db/schema';
import { entriesInForm } from './blockEntries';
import { stringifyRpc } from './json';
import { encodeTransactionWithMeta, transactionVersion } from './transactionJson';

// Blocks served from the local ledger, read by the two client libraries people use, with the
// validator's field names, types and error codes.
describe('block methods of the local ledger', () => {
  let t: TestApp;
  let connection: Connection;
  let rpc: ReturnType<typeof createSolanaRpc>;
  let rpcUrl: string;
  const alice = Keypair.generate();
  const bob = Keypair.generate();
  let legacySig: string;
  let legacySlot: number;
  let v0Sig: string;
  let v0Slot: number;

  // web3.js's types omit blockHeight and pick the wrong overload for transactionDetails: read what it returns through these.
  type Height = { blockHeight: number | null };
  type AccountsMode = { transactions: { transaction: { signatures: string[]; accountKeys: { pubkey: { toBase58(): string }; signer: boolean; writable: boolean; source?: string }[] }; meta: Record<string, unknown> | null }[] };

  const waitForBlock = async (slot: number) => {
    for (let i = 0; i < 200; i++) {
      if ((await connection.getBlocks(slot, slot)).length === 1) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`block ${slot} never finished`);
  };

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(done()).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp({ LEDGER_SLOT_MS: '100', RPC_RATE_LIMIT: '1000000' });
    const port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
    const url = `http://127.0.0.1:${port}/api/rpc`;
    rpcUrl = url;
    connection = new Connection(url, 'confirmed');
    rpc = createSolanaRpc(url);
    await t.services.chain.airdrop!(alice.publicKey.toBase58(), 5n * BigInt(LAMPORTS_PER_SOL));

    legacySig = await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: LAMPORTS_PER_SOL }),
    ), [alice]);
    legacySlot = (await connection.getTransaction(legacySig, { maxSupportedTransactionVersion: 0 }))!.slot;

    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const v0 = new VersionedTransaction(new TransactionMessage({
      payerKey: alice.publicKey, recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1000 })],
    }).compileToV0Message());
    v0.sign([alice]);
    v0Sig = await connection.sendTransaction(v0);
    await connection.confirmTransaction({ signature: v0Sig, blockhash, lastValidBlockHeight });
    v0Slot = (await connection.getTransaction(v0Sig, { maxSupportedTransactionVersion: 0 }))!.slot;
    await waitForBlock(Math.max(legacySlot, v0Slot));
  });
  afterAll(async () => { await t?.close(); });

  it('getBlock (web3.js) gives the validator fields: the transaction, its slot time, height = slot, the parent chain', async () => {
    const block = (await connection.getBlock(legacySlot, { maxSupportedTransactionVersion: 0 }))!;
    const tx = (await connection.getTransaction(legacySig, { maxSupportedTransactionVersion: 0 }))!;
    expect(block.parentSlot).toBe(legacySlot - 1);
    expect((block as unknown as Height).blockHeight).toBe(legacySlot);
    expect(block.blockTime).toBe(tx.blockTime);
    expect(await connection.getBlockTime(legacySlot)).toBe(tx.blockTime);
    expect(block.rewards).toEqual([]);
    const entry = block.transactions.find((e) => e.transaction.signatures[0] === legacySig)!;
    expect(entry.version).toBe('legacy');
    expect(entry.meta!.fee).toBe(5000);
    expect(entry.meta!.err).toBeNull();
    expect(entry.meta!.postBalances[1]).toBe(LAMPORTS_PER_SOL);
    const parent = (await connection.getBlock(legacySlot - 1, { maxSupportedTransactionVersion: 0, transactionDetails: 'none', rewards: false }))!;
    expect(block.previousBlockhash).toBe(parent.blockhash);
    expect(block.blockhash).not.toBe(parent.blockhash);
    // The v0 transaction's block carries its version when the client reads v0.
    const v0Block = (await connection.getBlock(v0Slot, { maxSupportedTransactionVersion: 0 }))!;
    expect(v0Block.transactions.find((e) => e.transaction.signatures[0] === v0Sig)!.version).toBe(0);
  });

  it('writes u64s past 2^53 exactly (the faucet balance in the airdrop\'s block), as getTransaction does (kit)', async () => {
    const [airdrop] = (await connection.getSignaturesForAddress(alice.publicKey)).slice(-1);
    const block = (await rpc.getBlock(BigInt(airdrop.slot), { maxSupportedTransactionVersion: 0 }).send())!;
    const entry = block.transactions.find((e) => e.transaction.signatures[0] === airdrop.signature)!;
    const tx = (await rpc.getTransaction(airdrop.signature as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send())!;
    expect(entry.meta!.preBalances[0]).toBe(500_000_000n * 1_000_000_000n);
    expect(entry.meta!.preBalances).toEqual(tx.meta!.preBalances);
    expect(entry.meta!.postBalances).toEqual(tx.meta!.postBalances);
  });

  it('a block read from the entries stored at commit equals the block rendered from the transactions, in every form', async () => {
    const [airdrop] = (await connection.getSignaturesForAddress(alice.publicKey)).slice(-1);
    const store = t.services.chain.store!;
    for (const slot of new Set([BigInt(airdrop.slot), BigInt(legacySlot), BigInt(v0Slot)])) {
      const records = await store.blockTransactions(slot);
      for (const encoding of ['json', 'jsonParsed'] as const) {
        const stored = await store.storedBlock(slot, encoding === 'json' ? 'json' : 'parsed');
        expect(stored, `slot ${slot} has stored entries`).not.toBeNull();
        expect(stored!.blockTime).toBe(records[0].blockTime);
        for (const showRewards of [true, false]) {
          for (const withVersion of [true, false]) {
            const { text, anyV0 } = entriesInForm(stored!.list.toString(), showRewards, withVersion);
            expect(anyV0).toBe(!withVersion && records.some((r) => transactionVersion(r) === 0));
            const rendered = records.map((r) => encodeTransactionWithMeta(r, encoding, withVersion, showRewards));
            // Past 2^53 both texts hold the exact digits (the faucet's balance in the airdrop's block).
            if (records.some((r) => r.signature === airdrop.signature)) expect(text).toContain('500000000000000000');
            expect(JSON.parse(`[${text}]`)).toEqual(JSON.parse(stringifyRpc(rendered)));
          }
        }
      }
    }
  });

  it('keeps a finished block as a file beside the database and answers from it; a damaged or missing file is read from the database and written back', async () => {
    // A block of its own, read by nothing before (a block read from the database is kept in memory).
    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 12_345 }),
    ), [alice]);
    const slot = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.slot;
    await waitForBlock(slot);
    const genesis = await connection.getGenesisHash();
    const fileOf = (encoding: string) => path.join(t.services.env.dataDir, 'blocks', genesis, String(Math.floor(slot / 10_000)), `${slot}.${encoding}`);
    const jsonFile = fileOf('json');
    const parsedFile = fileOf('parsed');
    await until(() => fs.existsSync(jsonFile) && fs.existsSync(parsedFile));
    const original = fs.readFileSync(jsonFile);
    const read = () => connection.getBlock(slot, { maxSupportedTransactionVersion: 0 });
    const fromFile = (await read())!;
    expect(fromFile.transactions.map((e) => e.transaction.signatures[0])).toContain(signature);
    // In a batch too, beside another answer (by hand: neither SDK's public API sends a batch).
    const call = (id: number, method: string, params: unknown[]) => ({ jsonrpc: '2.0', id, method, params });
    const batch = await (await fetch(rpcUrl, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify([call(1, 'getBlock', [slot, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]), call(2, 'getGenesisHash', [])]),
    })).json() as { id: number; result: { transactions: { transaction: { signatures: string[] } }[] } | string }[];
    expect(batch.map((r) => r.id)).toEqual([1, 2]);
    expect((batch[0].result as { transactions: { transaction: { signatures: string[] } }[] }).transactions.map((e) => e.transaction.signatures[0])).toContain(signature);
    expect(batch[1].result).toBe(genesis);

    // What the file holds is what getBlock answers (a fee changed in it, same length, shows).
    fs.writeFileSync(jsonFile, original.toString().replace('"fee":5000', '"fee":5001'));
    expect((await read())!.transactions.some((e) => e.meta!.fee === 5001)).toBe(true);
    // A torn file (shorter than its header says) is not trusted: the database answers, and the file is written again.
    fs.writeFileSync(jsonFile, original.subarray(0, original.length - 10));
    expect(await read()).toEqual(fromFile);
    await until(() => fs.readFileSync(jsonFile).equals(original));

    const readParsed = () => connection.getParsedBlock(slot, { maxSupportedTransactionVersion: 0 });
    const parsedFromFile = await readParsed();
    fs.rmSync(parsedFile);
    expect(await readParsed()).toEqual(parsedFromFile);
    await until(() => fs.existsSync(parsedFile));
  });

  it('a block carries the blockhash getLatestBlockhash handed out in its slot', async () => {
    const { context, value } = await connection.getLatestBlockhashAndContext();
    await waitForBlock(context.slot);
    const block = (await connection.getBlock(context.slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'none' }))!;
    expect(block.blockhash).toBe(value.blockhash);
    expect(await connection.isBlockhashValid(block.blockhash)).toMatchObject({ value: true });
    expect((block as unknown as Height).blockHeight).toBe(context.slot);
    expect('transactions' in block).toBe(false);
  });

  it('transactionDetails accounts, signatures and none, jsonParsed, rewards off (web3.js)', async () => {
    const accounts = (await connection.getBlock(legacySlot, { maxSupportedTransactionVersion: 0, transactionDetails: 'accounts' })) as unknown as AccountsMode;
    const listed = accounts.transactions.find((e) => e.transaction.signatures[0] === legacySig)!;
    expect(listed.transaction.accountKeys.map((k) => [k.pubkey.toBase58(), k.signer, k.writable, k.source])).toEqual([
      [alice.publicKey.toBase58(), true, true, 'transaction'],
      [bob.publicKey.toBase58(), false, true, 'transaction'],
      [SystemProgram.programId.toBase58(), false, false, 'transaction'],
    ]);
    expect(listed.meta).toMatchObject({ fee: 5000, err: null });
    expect(listed.meta).not.toHaveProperty('logMessages');

    // web3.js reads transactionDetails 'signatures' through getBlockSignatures; kit asks for it directly.
    const signatures = await connection.getBlockSignatures(legacySlot);
    expect(signatures.signatures).toContain(legacySig);
    expect(signatures).not.toHaveProperty('rewards');
    const kitSignatures = (await rpc.getBlock(BigInt(legacySlot), { transactionDetails: 'signatures', rewards: false }).send())!;
    expect(kitSignatures.signatures).toEqual(signatures.signatures);
    expect(kitSignatures).not.toHaveProperty('rewards');

    const parsed = (await connection.getParsedBlock(legacySlot, { maxSupportedTransactionVersion: 0 }))!;
    const full = parsed as unknown as { transactions: { transaction: { signatures: string[]; message: { instructions: unknown[] } } }[] };
    const ix = full.transactions.find((e) => e.transaction.signatures[0] === legacySig)!.transaction.message.instructions[0];
    expect(ix).toMatchObject({ program: 'system', parsed: { type: 'transfer', info: { lamports: LAMPORTS_PER_SOL } } });

    const raw = (await connection.getBlock(legacySlot, { maxSupportedTransactionVersion: 0, rewards: false }))!;
    expect((raw.transactions[0].meta as unknown as { rewards: unknown }).rewards).toBeNull();
  });

  it('answers the validator errors: -32015 for a v0 transaction without maxSupportedTransactionVersion, -32004 for a slot not produced yet', async () => {
    await expect(connection.getBlock(v0Slot)).rejects.toMatchObject({ code: -32015 });
    // Signatures do not depend on the version: no error there.
    expect((await connection.getBlockSignatures(v0Slot)).signatures).toContain(v0Sig);
    const future = (await connection.getSlot()) + 10_000;
    await expect(connection.getBlock(future, { maxSupportedTransactionVersion: 0 })).rejects.toMatchObject({ code: -32004, message: expect.stringContaining(`Block not available for slot ${future}`) });
    await expect(connection.getBlockTime(future)).rejects.toMatchObject({ code: -32004 });

    const kitError = await rpc.getBlock(BigInt(future), { maxSupportedTransactionVersion: 0 }).send().catch((e: unknown) => e);
    expect(isSolanaError(kitError, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_BLOCK_NOT_AVAILABLE)).toBe(true);
    const tooMany = await rpc.getBlocksWithLimit(0n, 500_001).send().catch((e: unknown) => e);
    expect(isSolanaError(tooMany, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true);
    expect((tooMany as Error).message).toContain('Limit too large; max 500000');
  });

  it('getBlockTime, getBlockProduction and getBlockCommitment (web3.js and kit)', async () => {
    const { identity } = await rpc.getIdentity().send();
    const production = await connection.getBlockProduction();
    const slot = production.context.slot;
    expect(production.value.range.lastSlot).toBe(slot);
    expect(production.value.range.firstSlot).toBe(slot - (slot % 432_000));
    expect(production.value.byIdentity[identity]).toEqual([slot - production.value.range.firstSlot + 1, slot - production.value.range.firstSlot + 1]);

    const ranged = await rpc.getBlockProduction({ range: { firstSlot: 1n, lastSlot: BigInt(slot) } }).send();
    expect(ranged.value.range).toEqual({ firstSlot: 1n, lastSlot: BigInt(slot) });
    expect(ranged.value.byIdentity[identity]).toEqual([BigInt(slot), BigInt(slot)]);
    const ahead = await rpc.getBlockProduction({ range: { firstSlot: 1n, lastSlot: BigInt(slot + 1_000_000) } }).send().catch((e: unknown) => e);
    expect(isSolanaError(ahead, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true);
    expect((ahead as Error).message).toContain(`lastSlot, ${slot + 1_000_000}, is too large; max`);
    const other = await rpc.getBlockProduction({ identity: bob.publicKey.toBase58() as never }).send();
    expect(other.value.byIdentity).toEqual({});
    const backwards = await rpc.getBlockProduction({ range: { firstSlot: 10n, lastSlot: 5n } }).send().catch((e: unknown) => e);
    expect((backwards as Error).message).toContain('lastSlot, 5, cannot be less than firstSlot, 10');

    expect(await rpc.getBlockCommitment(BigInt(legacySlot)).send()).toEqual({ commitment: null, totalStake: 0n });
    const genesisTime = await connection.getBlockTime(0);
    const txTime = (await connection.getTransaction(legacySig, { maxSupportedTransactionVersion: 0 }))!.blockTime!;
    expect(genesisTime).toBeLessThanOrEqual(txTime);
    expect(await rpc.getBlockTime(BigInt(legacySlot)).send()).toBe(BigInt(txTime));
  });

  it('getRecentPrioritizationFees: the lowest compute-unit price of each recent block, or of the named writable accounts (web3.js and kit)', async () => {
    const carol = Keypair.generate();
    const paid = await sendAndConfirmTransaction(connection, new Transaction().add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5000 }),
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol.publicKey, lamports: LAMPORTS_PER_SOL / 10 }),
    ), [alice]);
    const slot = (await connection.getTransaction(paid, { maxSupportedTransactionVersion: 0 }))!.slot;
    await waitForBlock(slot);

    const forCarol = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [carol.publicKey] });
    expect(forCarol.find((f) => f.slot === slot)).toEqual({ slot, prioritizationFee: 5000 });
    const all = await connection.getRecentPrioritizationFees();
    expect(all.find((f) => f.slot === slot)!.prioritizationFee).toBeLessThanOrEqual(5000);
    // The first transfer offered no price: its block's lowest is 0. Only blocks with transactions are listed, oldest first.
    expect(all.find((f) => f.slot === legacySlot)).toEqual({ slot: legacySlot, prioritizationFee: 0 });
    expect(all.map((f) => f.slot)).toEqual([...all.map((f) => f.slot)].sort((a, b) => a - b));
    expect(all.length).toBeLessThanOrEqual(150);

    const kitFees = await rpc.getRecentPrioritizationFees([carol.publicKey.toBase58() as never]).send();
    expect(kitFees.find((f) => f.slot === BigInt(slot))?.prioritizationFee).toBe(5000n);
    const tooMany = await rpc.getRecentPrioritizationFees(Array.from({ length: 129 }, () => Keypair.generate().publicKey.toBase58() as never)).send().catch((e: unknown) => e);
    expect((tooMany as Error).message).toContain('Too many inputs provided; max 128');
  });

  it('a walk over every block (kit) finds every transaction the ledger holds, on one unbroken chain', async () => {
    // More traffic so several blocks hold transactions; then let the last one finish.
    for (let i = 0; i < 5; i++) {
      await sendAndConfirmTransaction(connection, new Transaction().add(
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 10_000 + i }),
      ), [alice]);
    }
    const lastTx = await t.services.db.select({ slot: ledgerTransactions.slot }).from(ledgerTransactions);
    // At least five blocks for getBlocksWithLimit below: on a fast machine all of it fits in fewer slots.
    await waitForBlock(Math.max(4, ...lastTx.map((r) => Number(r.slot))));

    const slots = await rpc.getBlocks(0n).send();
    const last = slots[slots.length - 1];
    expect(slots).toEqual(Array.from({ length: Number(last) + 1 }, (_, i) => BigInt(i)));
    expect(await rpc.getBlocksWithLimit(0n, 5).send()).toEqual([0n, 1n, 2n, 3n, 4n]);
    // An end past the newest finished block stops at it (the clock goes on meanwhile: never fewer).
    const beyond = await connection.getBlocks(0, Number(last) + 1_000);
    expect(beyond.slice(0, slots.length)).toEqual(slots.map(Number));
    expect(beyond[beyond.length - 1]).toBeLessThan(Number(last) + 1_000);

    const seen: string[] = [];
    let previous: { blockhash: string; blockTime: bigint } | undefined;
    for (const slot of slots) {
      const block = (await rpc.getBlock(slot, { transactionDetails: 'signatures', rewards: false, maxSupportedTransactionVersion: 0 }).send())!;
      expect(block.blockHeight).toBe(slot);
      expect(block.parentSlot).toBe(slot === 0n ? 0n : slot - 1n);
      if (previous) {
        expect(block.previousBlockhash).toBe(previous.blockhash);
        expect(block.blockTime).toBeGreaterThanOrEqual(previous.blockTime);
      }
      previous = { blockhash: block.blockhash, blockTime: block.blockTime! };
      seen.push(...block.signatures);
    }
    const held = await t.services.db.select({ signature: ledgerTransactions.signature }).from(ledgerTransactions);
    expect(seen.length).toBe(held.length);
    expect(new Set(seen)).toEqual(new Set(held.map((r) => r.signature)));
    expect(seen).toContain(legacySig as Signature);
    expect(seen).toContain(v0Sig as Signature);
  });
});
