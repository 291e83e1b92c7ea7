import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Keypair, LAMPORTS_PER_SOL, SYSVAR_CLOCK_PUBKEY, SystemProgram, Transaction } from '@solana/web3.js';
import { createTestDatabase } from '../../testing/db';
import type { Database } from '../../db/client';
import { LedgerUnavailableError, LocalLedger } from './ledger';
import { LedgerStore } from './store';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('LocalLedger durability', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => { ({ database, cleanup } = await createTestDatabase()); });
  afterAll(async () => { await cleanup?.(); });

  it('rolls a batch back when its commit fails, so memory never runs ahead of the database', async () => {
    const store = new LedgerStore(database.db);
    const ledger = await LocalLedger.open({ store, log, slotMs: 400 });
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    expect((await ledger.airdrop(alice.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))).kind).toBe('landed');

    // A row that takes the next sequence number: the next commit fails inside PostgreSQL.
    const nextSeq = ledger.transactionCount + 1n;
    await database.db.execute(sql`insert into ledger_transactions (signature, seq, slot, block_time, raw, account_keys, fee, compute_units, meta)
      values ('blocker', ${nextSeq.toString()}::int8, 0, 0, '\\x00', '{}', 0, 0, '{}')`);
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
      .add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports: 100_000_000 }));
    tx.sign(alice);
    await expect(ledger.send(tx.serialize(), { preflight: true })).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(ledger.getAccount(alice.publicKey.toBase58())?.lamports).toBe(BigInt(LAMPORTS_PER_SOL));
    expect(ledger.getAccount(bob.toBase58())).toBeNull();
    expect(ledger.transactionCount).toBe(nextSeq - 1n);

    // Once the database accepts writes again, the very same transaction lands (it never did before).
    await database.db.execute(sql`delete from ledger_transactions where signature = 'blocker'`);
    const outcome = await ledger.send(tx.serialize(), { preflight: true });
    expect(outcome.kind).toBe('landed');
    expect(ledger.getAccount(bob.toBase58())?.lamports).toBe(100_000_000n);
    await ledger.close();

    // A fresh ledger on the same database sees exactly the same state.
    const reopened = await LocalLedger.open({ store, log, slotMs: 400 });
    expect(reopened.getAccount(alice.publicKey.toBase58())?.lamports).toBe(BigInt(LAMPORTS_PER_SOL) - 100_000_000n - 5000n);
    expect(reopened.getAccount(bob.toBase58())?.lamports).toBe(100_000_000n);
    expect(reopened.slot).toBeGreaterThan(ledger.slot);
    expect(reopened.isBlockhashValid(tx.recentBlockhash!)).toBe(true);
    const again = await reopened.send(tx.serialize(), { preflight: true });
    expect(again).toMatchObject({ kind: 'rejected', err: 'AlreadyProcessed' });
    await reopened.close();
  });
});

describe('LocalLedger clock', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => { ({ database, cleanup } = await createTestDatabase()); });
  afterAll(async () => { await cleanup?.(); });

  it("gives programs the slot's block time as the Clock's unix_timestamp, also after a late tick", async () => {
    // Ledger time years from the wall clock: the first slot begins at T + 0.5 s, the next at T + 0.9 s.
    const T = Date.UTC(2031, 0, 1);
    let nowMs = T + 500;
    const ledger = await LocalLedger.open({ store: new LedgerStore(database.db), log, slotMs: 400, now: () => nowMs });
    const clockTime = () => Number(Buffer.from(ledger.getAccount(SYSVAR_CLOCK_PUBKEY.toBase58())!.data).readBigInt64LE(32));
    expect(clockTime()).toBe(ledger.slotTime(ledger.slot));
    const first = ledger.slot;

    // The tick that moves to the next slot runs late, in the second after that slot began.
    nowMs = T + 1050;
    await expect.poll(() => ledger.slot, { interval: 20, timeout: 2000 }).toBe(first + 1n);
    expect(ledger.slotTime(ledger.slot)).toBe(T / 1000);
    expect(clockTime()).toBe(T / 1000);
    await ledger.close();
  });
});
