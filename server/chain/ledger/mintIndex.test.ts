import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE, MINT_SIZE, TOKEN_2022_PROGRAM_ID, createCloseAccountInstruction, createInitializeAccount3Instruction,
  createInitializeMint2Instruction,
} from '@solana/spl-token';
import { createTestDatabase } from '../../testing/db';
import type { Database } from '../../db/client';
import { signTransaction } from '../token';
import { LocalLedger } from './ledger';
import { LedgerStore } from './store';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();

describe('LocalLedger.getProgramAccountsByMint', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let ledger: LocalLedger;
  const payer = Keypair.generate();
  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
    ledger = await LocalLedger.open({ store: new LedgerStore(database.db), log, slotMs: 400 });
    await ledger.airdrop(payer.publicKey.toBase58(), 10n * BigInt(LAMPORTS_PER_SOL));
  });
  afterAll(async () => { await cleanup?.(); });

  async function send(instructions: TransactionInstruction[], signers: Keypair[]) {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(...instructions);
    const outcome = await ledger.send(signTransaction(tx, [payer, ...signers]), { preflight: true });
    expect(outcome.kind).toBe('landed');
  }
  const create = (account: Keypair, space: number): TransactionInstruction => SystemProgram.createAccount({
    fromPubkey: payer.publicKey, newAccountPubkey: account.publicKey, space, lamports: Number(ledger.minimumBalanceForRentExemption(BigInt(space))), programId: TOKEN_2022_PROGRAM_ID,
  });
  async function newMint(): Promise<PublicKey> {
    const mint = Keypair.generate();
    await send([create(mint, MINT_SIZE), createInitializeMint2Instruction(mint.publicKey, 0, payer.publicKey, null, TOKEN_2022_PROGRAM_ID)], [mint]);
    return mint.publicKey;
  }
  async function newAccount(mint: PublicKey): Promise<PublicKey> {
    const account = Keypair.generate();
    await send([create(account, ACCOUNT_SIZE), createInitializeAccount3Instruction(account.publicKey, mint, payer.publicKey, TOKEN_2022_PROGRAM_ID)], [account]);
    return account.publicKey;
  }
  /** What a whole-program scan with a memcmp on the mint keeps. */
  const scanned = (mint: PublicKey) => ledger.getProgramAccounts(TOKEN_2022)
    .filter((a) => Buffer.from(a.account.data.subarray(0, 32)).equals(mint.toBuffer())).map((a) => a.address).sort();
  const indexed = (mint: PublicKey) => ledger.getProgramAccountsByMint(TOKEN_2022, mint.toBytes()).map((a) => a.address).sort();

  it('answers exactly what a scan of the whole program with the mint filter answers, as accounts come and go', async () => {
    const [a, b] = [await newMint(), await newMint()];
    // Accounts from before the index is first used, then after it.
    const before = [await newAccount(a), await newAccount(a), await newAccount(b)];
    expect(indexed(a)).toEqual(scanned(a));
    expect(indexed(a)).toEqual(before.slice(0, 2).map((k) => k.toBase58()).sort());
    const after = [await newAccount(a), await newAccount(b), await newAccount(b)];
    expect(indexed(a)).toEqual(scanned(a));
    expect(indexed(b)).toEqual([before[2]!, after[1]!, after[2]!].map((k) => k.toBase58()).sort());
    // A closed account leaves both answers.
    await send([createCloseAccountInstruction(before[0]!, payer.publicKey, payer.publicKey, [], TOKEN_2022_PROGRAM_ID)], []);
    expect(indexed(a)).toEqual(scanned(a));
    expect(indexed(a)).toHaveLength(2);
    // A mint nobody holds: nothing.
    expect(indexed(Keypair.generate().publicKey)).toEqual([]);
  });
});
