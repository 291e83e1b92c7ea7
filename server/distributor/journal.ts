// The distribution_runs row as the steps read and write it. Transactions are journaled
// before they are sent; a state is stored only after its step is done.

import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { TransactionInstruction, type Keypair, type Transaction } from '@solana/web3.js';
import { MEMO_PROGRAM_ID } from '../chain/tokenAccounts';
import { distributionRuns, type DistributionTx } from '../db/schema';
import { signTransaction } from '../chain/token';
import type { LaunchChain } from '../chain/chainOps';
import { signatureOf } from '../chain/chainOps';
import type { Services } from '../services';

export type RunRow = typeof distributionRuns.$inferSelect;

export type StepContext = {
  services: Services;
  chain: LaunchChain;
  run: RunRow;
  treasury: Keypair;
  distributor: Keypair;
};

/** The protocol's base fee per signature (no priority fee is ever added). */
export const FEE_PER_SIGNATURE = 5_000n;

export async function findRun(services: Services, id: string): Promise<RunRow | undefined> {
  const [row] = await services.db.select().from(distributionRuns).where(eq(distributionRuns.id, id));
  return row;
}

export async function updateRun(services: Services, id: string, values: Partial<typeof distributionRuns.$inferInsert>): Promise<void> {
  await services.db.update(distributionRuns).set({ ...values, updatedAt: services.now() }).where(eq(distributionRuns.id, id));
}

type RunValues = Partial<typeof distributionRuns.$inferInsert>;

/** Stores a step's outcome (its new state with it) and answers the row as it now is, in one statement. */
export async function advanceRun(services: Services, id: string, values: RunValues): Promise<RunRow> {
  const [row] = await services.db.update(distributionRuns).set({ ...values, updatedAt: services.now() })
    .where(eq(distributionRuns.id, id)).returning();
  return row!;
}

/** Appends a transaction to the run's journal (with `also`, e.g. the step's signature column), in one write. */
export async function journalEntry(ctx: StepContext, entry: DistributionTx, also: RunValues = {}): Promise<void> {
  await ctx.services.db.update(distributionRuns).set({
    ...also, txs: sql`${distributionRuns.txs} || ${JSON.stringify([entry])}::jsonb`, updatedAt: ctx.services.now(),
  }).where(eq(distributionRuns.id, ctx.run.id));
}

/**
 * Signs `transaction`, journals it and only then returns the wire to send: a transaction
 * that lands is always in the journal.
 */
export async function journalTx(
  ctx: StepContext, step: DistributionTx['step'], transaction: Transaction, signers: Keypair[],
  lamports = 0n, also: (signature: string) => RunValues = () => ({}), batch?: number,
): Promise<{ wire: Buffer; signature: string }> {
  // Two runs' withdraws (or harvests) on one blockhash would be the same bytes, and the
  // second 'AlreadyProcessed': a memo naming the run and a nonce makes each one its own.
  transaction.add(runMemo(ctx.run.id, step));
  const wire = signTransaction(transaction, signers);
  const signature = signatureOf(wire);
  const payer = transaction.feePayer?.equals(ctx.treasury.publicKey) ? 'treasury' : 'distributor';
  const fee = FEE_PER_SIGNATURE * BigInt(transaction.signatures.length);
  await journalEntry(ctx, {
    step, signature, payer, fee: fee.toString(), lamports: lamports.toString(), blockhash: transaction.recentBlockhash ?? undefined,
    ...(batch === undefined ? {} : { batch }),
  }, also(signature));
  return { wire, signature };
}

/**
 * Whether a journaled transaction took effect. Not on the chain: where sends are final (the
 * local ledger answers only once a transaction is durable or refused) it never will be; on
 * a cluster it may still land until its blockhash expires, so the step waits until then
 * and only then builds a new one.
 */
export async function landedOk(ctx: StepContext, signature: string | null): Promise<boolean> {
  if (!signature) return false;
  const blockhash = ctx.run.txs.find((tx) => tx.signature === signature)?.blockhash ?? null;
  const outcome = await ctx.chain.outcome(signature, blockhash);
  if (outcome.landed) return outcome.err === null || outcome.err === undefined;
  if (outcome.expired || ctx.chain.sendsAreFinal) return false;
  throw new Error(`Transaction ${signature} is still in flight`);
}

function runMemo(runId: string, step: DistributionTx['step']): TransactionInstruction {
  const text = `cm:dist:${runId.slice(0, 8)}:${step}:${randomBytes(4).toString('hex')}`;
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });
}
