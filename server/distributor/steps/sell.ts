import bs58 from 'bs58';
import { SystemProgram, Transaction } from '@solana/web3.js';
import { rentExemptLamports } from '../../../core/rent';
import { TRADE_NETWORK_FEE_LAMPORTS } from '../../../core/tradeCosts';
import { splitWire, withSignature } from '../../chain/curve';
import { signEd25519 } from '../../chain/ed25519';
import { chainHoldings } from '../../trading';
import { blockhashOfMessage } from '../../launch/chainOps';
import { settleSentQuote } from '../../launch/settleSentQuote';
import { FEE_PER_SIGNATURE, advanceRun, journalEntry, journalTx, type RunRow, type StepContext } from '../journal';

/**
 * What the distributor wallet holds before a sell: its own rent-exempt minimum (so it
 * can receive any amount and never closes) plus the sell's and the payout's network
 * fees. The treasury tops it up to this before each sell; after the payout it is back at
 * the rent-exempt minimum, so every fee of a run is the treasury's, journaled as top-ups.
 */
export const DISTRIBUTOR_FLOAT_LAMPORTS = rentExemptLamports(0) + TRADE_NETWORK_FEE_LAMPORTS + FEE_PER_SIGNATURE;

/**
 * withdrawn -> sold: everything in the distributor's token account sold through the quote
 * book, as any trader sells (a firm quote, the pool co-signs, the curve state commits with
 * the trade), so the pool's balances and the curve state stay equal, graduated or not.
 * The quote and the signature are journaled before execute; after a crash they tell
 * whether the sell landed (the launch's initial buy does the same).
 */
export async function sell(ctx: StepContext): Promise<RunRow> {
  const { services, run } = ctx;
  if (run.sellQuoteId && run.sellSignature) {
    const sold = await settlePreviousSell(ctx, run.sellQuoteId, run.sellSignature);
    if (sold !== null) return advanceRun(services, run.id, { state: 'sold', soldLamports: sold });
  }
  const wallet = ctx.distributor.publicKey.toBase58();
  const { tokens, lamports } = await chainHoldings(services.chain)(wallet, run.mint);
  if (tokens === 0n) return advanceRun(services, run.id, { state: 'sold', soldTokens: 0n, soldLamports: 0n });
  // An official run's wallet also holds what the last run carried over (kept whole for this run to share out).
  const floor = DISTRIBUTOR_FLOAT_LAMPORTS + run.carriedInLamports + run.charityCarriedInLamports;
  if (lamports < floor) await topUp(ctx, floor - lamports);
  const quote = await services.trading.book.buildSellQuote({ mint: run.mint, trader: wallet, tokens, slippageBps: 10_000 });
  const wire = Buffer.from(quote.transactionBase64, 'base64');
  const signature = signEd25519(ctx.distributor, splitWire(wire).message);
  const signed = withSignature(wire, 0, signature);
  const sellSignature = bs58.encode(signature);
  await journalEntry(ctx, {
    step: 'sell', signature: sellSignature, payer: 'distributor', fee: TRADE_NETWORK_FEE_LAMPORTS.toString(), lamports: '0',
    blockhash: blockhashOfMessage(splitWire(wire).message),
  }, { sellQuoteId: quote.quoteId, sellSignature, soldTokens: tokens });
  const result = await services.trading.book.execute(signed.toString('base64'));
  return advanceRun(services, run.id, { state: 'sold', soldLamports: result.expectedOutput });
}

async function topUp(ctx: StepContext, lamports: bigint): Promise<void> {
  const tx = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await ctx.chain.blockhash() })
    .add(SystemProgram.transfer({ fromPubkey: ctx.treasury.publicKey, toPubkey: ctx.distributor.publicKey, lamports }));
  const { wire } = await journalTx(ctx, 'top_up', tx, [ctx.treasury], lamports);
  await ctx.chain.sendWire(wire, 'Distributor top-up');
}

/** The SOL a sell sent before received (null when it never landed, or failed, and a new one is due). */
async function settlePreviousSell({ services, chain }: StepContext, quoteId: string, signature: string): Promise<bigint | null> {
  const sent = await settleSentQuote(services, chain, quoteId, signature);
  if (sent.kind === 'in-flight') throw new Error('The sell is still in flight');
  return sent.kind === 'settled' ? sent.output : null;
}
