// The official token on its own DBC pool (issue 36): its run claims the pool's accrued SOL fee
// into the official distributor (started -> sold, nothing sold), then shares it as the custodial
// run shares its sell (official/steps.ts: holders, buyback, burn, charity and platform). The
// buyback is a swap on the token's own pool (its DAMM v2 pool once graduated), signed by the
// distributor as any trader's is, and what it bought is read from the pool's swap event.

import { PublicKey, Transaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { splitOfficial } from '../../../core/officialSplit';
import { rentExemptLamports } from '../../../core/rent';
import { buildClaimTransaction } from '../../curve/claimTransaction';
import { buildPositionClaimTransaction } from '../../curve/positionClaimTransaction';
import { indexSwapSignatures } from '../../curve/indexSwaps';
import { decodeSwaps } from '../../curve/swapEvents';
import { buildSwapTransaction } from '../../curve/swapTransaction';
import { curvePools } from '../../db/schema';
import type { Services } from '../../services';
import { advanceRun, journalTx, landedOk, type RunRow, type StepContext } from '../journal';
import { FEE_PER_SIGNATURE } from '../journal';
import { topUp } from './steps';

/** The slippage a buyback accepts: the spec's default for any trade. A buy refused by it is retried at the next pass. */
export const BUYBACK_SLIPPAGE_BPS = 500;
const RENT_EXEMPT_MINIMUM = rentExemptLamports(0);

type PoolRow = { program: 'custodial' | 'dbc'; pool: string; dammPool: string | null };

async function poolOf(services: Services, mint: string): Promise<PoolRow> {
  const [row] = await services.db.select({ program: curvePools.program, pool: curvePools.poolWallet, dammPool: curvePools.dammPool })
    .from(curvePools).where(eq(curvePools.mint, mint));
  if (!row) throw new Error(`No pool for ${mint}`);
  return row;
}

/** Whether the official token's run takes the DBC steps (its pool is a DBC pool). */
export async function officialOnDbc(services: Services, mint: string): Promise<boolean> {
  return (await poolOf(services, mint)).program === 'dbc';
}

/**
 * started -> sold: the pool's accrued fee claimed into the distributor (on the curve first; once
 * graduated and that is claimed, the locked position's), journaled before it is sent. Its amount
 * is what the rest of the run shares; a claim that landed before a crash is found, not resent.
 */
export async function claimToDistributor(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  if (await landedOk(ctx, run.sellSignature)) return advanceRun(services, run.id, { state: 'sold' });
  const pool = await poolOf(services, run.mint);
  const parties = { distributor: ctx.distributor.publicKey, payer: ctx.treasury.publicKey, donationWallet: ctx.distributor.publicKey };
  const built = await buildClaimTransaction(services.chain.connection, { pool: new PublicKey(pool.pool), ...parties })
    ?? (pool.dammPool ? await buildPositionClaimTransaction(services.chain.connection, { dammPool: new PublicKey(pool.dammPool), ...parties }) : null);
  // Only the creator role claims, so nothing accrued now means nothing new to share (the carried dust still is).
  if (!built) return advanceRun(services, run.id, { state: 'sold', soldLamports: 0n, sellSignature: null });
  built.transaction.recentBlockhash = await chain.blockhash();
  const { wire } = await journalTx(ctx, 'claim', built.transaction, [ctx.treasury, ctx.distributor], built.rentLamports,
    (signature) => ({ sellSignature: signature, soldLamports: built.lamports }));
  await chain.sendWire(wire, 'Official fee claim');
  return advanceRun(services, run.id, { state: 'sold' });
}

/** The distributor's buy in a landed buyback: the SOL it paid (fee included) and the tokens it received. */
async function boughtIn(ctx: StepContext, signature: string): Promise<{ spent: bigint; tokens: bigint }> {
  const tx = await ctx.services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!tx) throw new Error(`The buyback ${signature} landed but cannot be read`);
  const wallet = ctx.distributor.publicKey.toBase58();
  const buy = decodeSwaps(tx).find((s) => s.trader === wallet && s.direction === 'buy' && s.mint === ctx.run.mint);
  if (!buy) throw new Error(`The buyback ${signature} holds no buy of ${ctx.run.mint}`);
  return { spent: buy.solAmount, tokens: buy.tokenAmount };
}

async function boughtBack(ctx: StepContext, share: bigint, signature: string): Promise<RunRow> {
  const { spent, tokens } = await boughtIn(ctx, signature);
  // A buy that completes the curve takes less than offered: the rest joins the carried dust.
  return advanceRun(ctx.services, ctx.run.id, {
    state: 'bought_back', buybackLamports: spent, buybackTokens: tokens, carriedOutLamports: ctx.run.carriedOutLamports! + share - spent,
  });
}

/**
 * holders_paid -> bought_back: 20% buys the token on its own pool, the tokens landing in the
 * distributor's token account (burned next). The treasury first tops the distributor up to all it
 * still owes (this buy, its fee and new account's rent, the charity and platform shares, the dust).
 */
export async function buybackOnPool(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  const { buyback: share, charity, platform } = splitOfficial(run.soldLamports ?? 0n);
  if (run.buybackSignature && await landedOk(ctx, run.buybackSignature)) return boughtBack(ctx, share, run.buybackSignature);
  if (share === 0n) return advanceRun(services, run.id, { state: 'bought_back', buybackLamports: 0n, buybackTokens: 0n });
  const pool = await poolOf(services, run.mint);
  const swap = await buildSwapTransaction(services.chain.connection, {
    pool: new PublicKey(pool.pool), trader: ctx.distributor.publicKey, side: 'buy', amountIn: share, slippageBps: BUYBACK_SLIPPAGE_BPS,
  });
  const tx = Transaction.from(swap.transaction);
  const fee = FEE_PER_SIGNATURE * BigInt(tx.signatures.length);
  const needed = RENT_EXEMPT_MINIMUM + fee + swap.accountRent + share + charity + run.charityCarriedInLamports + platform + run.carriedOutLamports!;
  const balance = await chain.balance(ctx.distributor.publicKey.toBase58());
  if (balance < needed) await topUp(ctx, needed - balance);
  const { wire, signature } = await journalTx(ctx, 'buyback', tx, [ctx.distributor], 0n, (sig) => ({ buybackSignature: sig }));
  await chain.sendWire(wire, 'Buyback');
  // Recorded now, as the launch's first trade is: the token's page shows the buyback with the run.
  await indexSwapSignatures(services, [signature]);
  return boughtBack(ctx, share, signature);
}
