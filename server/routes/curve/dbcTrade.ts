// The spec's trade interface for a campaign on its own DBC pool (issue 36): buy and sell build a
// swap from the SDK's quote for the trader to sign alone; execute relays the signed transaction
// and reads what it did from the chain. Nothing of ours signs, so there is no quote to keep: the
// transaction's own blockhash is its expiry, and its minimum out is the trader's protection.

import { createHash } from 'node:crypto';
import { PublicKey, Transaction } from '@solana/web3.js';
import { formatTokenAmount, lamportsToSolString } from '../../../core/money';
import type { BuyQuoteResponse, ExecuteResponse, SellQuoteResponse } from '../../../core/schemas/trade';
import { DAMM_V2_PROGRAM, DBC_PROGRAM } from '../../chain/ledger/genesis/meteora';
import { blockhashExpired, customErrorCode, TransactionFailedError, TransactionRejectedError } from '../../chain/sendAndConfirm';
import { buildSwapTransaction, PoolNotTradableError, type SwapSide } from '../../curve/swapTransaction';
import { decodeSwaps } from '../../curve/swapEvents';
import { tokenAccountRent, wrappedSolAccountRent } from '../../curve/tokenAccountRent';
import { chainHoldings } from '../../chain/holdings';
import { indexSwapSignatures } from '../../curve/indexSwaps';
import type { PoolRow } from '../../curve/pools';
import { HttpError, badRequest } from '../../http/errors';
import type { Services } from '../../services';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { transactionFailureReason } from './failureReason';

/** About how long a blockhash lands (150 slots of 400 ms): after it the wallet must build again. */
const BLOCKHASH_LIFETIME_MS = 60_000;

export const NOT_THIS_POOL = 'Transaction is not a trade on this token\'s pool';
/** DBC's and DAMM v2's ExceededSlippage: the price moved past the transaction's minimum out. */
const EXCEEDED_SLIPPAGE = 6002;

const poolsOf = (pool: PoolRow) => [pool.poolWallet, ...(pool.dammPool ? [pool.dammPool] : [])];

async function build(services: Services, pool: PoolRow, side: SwapSide, trader: string, amountIn: bigint, slippageBps: number) {
  try {
    return await buildSwapTransaction(services.chain.connection, { pool: new PublicKey(pool.poolWallet), trader: new PublicKey(trader), side, amountIn, slippageBps });
  } catch (err) {
    if (err instanceof PoolNotTradableError) throw new HttpError(409, TRADE_ERRORS.completing);
    throw err;
  }
}

/** A preview the browser showed: the quote must still give at least that, less the slippage. */
function checkPreview(expectedOut: bigint, preview: bigint | undefined, slippageBps: number): void {
  if (preview !== undefined && expectedOut * 10_000n < preview * BigInt(10_000 - slippageBps)) throw new HttpError(409, TRADE_ERRORS.slippage);
}

const quoteIdOf = (wire: Uint8Array) => createHash('sha256').update(wire).digest('hex').slice(0, 32);
const expiry = (services: Services) => new Date(services.now().getTime() + BLOCKHASH_LIFETIME_MS).toISOString();

type QuoteBody = { wallet: string; amount: bigint; slippageBps: number; expectedOutput?: bigint };

/** The trader's one signature. */
const SIGNATURE_FEE_LAMPORTS = 5_000n;

/**
 * A trade the wallet cannot pay for is refused in the spec's words before it is built, instead
 * of the wallet signing one the chain then fails with a program error number. A buy wraps the
 * SOL offered in a temporary wrapped-SOL account (its rent comes back at the end of the
 * transaction, but must be there during it) and opens the token account on a first buy; a sell
 * receives into the same temporary account.
 */
async function checkBalance(services: Services, pool: PoolRow, side: SwapSide, body: QuoteBody): Promise<void> {
  const connection = services.chain.connection;
  const trader = new PublicKey(body.wallet);
  const [held, wrapRent, accountRent] = await Promise.all([
    chainHoldings(services.chain)(body.wallet, pool.mint), wrappedSolAccountRent(connection, trader),
    side === 'buy' ? tokenAccountRent(connection, new PublicKey(pool.mint), trader) : Promise.resolve(0n),
  ]);
  if (side === 'sell' && held.tokens < body.amount) throw badRequest(TRADE_ERRORS.insufficientTokens);
  const spends = (side === 'buy' ? body.amount + accountRent : 0n) + wrapRent + SIGNATURE_FEE_LAMPORTS;
  if (held.lamports < spends) throw badRequest(TRADE_ERRORS.insufficientSol);
}

async function quote(services: Services, pool: PoolRow, side: SwapSide, body: QuoteBody) {
  await checkBalance(services, pool, side, body);
  const built = await build(services, pool, side, body.wallet, body.amount, body.slippageBps);
  checkPreview(built.expectedOut, body.expectedOutput, body.slippageBps);
  const common = {
    quoteId: quoteIdOf(built.transaction), transactionBase64: Buffer.from(built.transaction).toString('base64'),
    expiresAt: expiry(services), transferFee: formatTokenAmount(0n), slippageBps: body.slippageBps,
  };
  return { built, common };
}

export async function buildDbcBuy(services: Services, pool: PoolRow, body: QuoteBody): Promise<BuyQuoteResponse> {
  const { built, common } = await quote(services, pool, 'buy', body);
  return { ...common, expectedTokens: formatTokenAmount(built.expectedOut), solAmount: lamportsToSolString(built.amountIn) };
}

export async function buildDbcSell(services: Services, pool: PoolRow, body: QuoteBody): Promise<SellQuoteResponse> {
  const { built, common } = await quote(services, pool, 'sell', body);
  return { ...common, expectedSOL: lamportsToSolString(built.expectedOut), tokenAmount: formatTokenAmount(body.amount) };
}

/** Relays the trader's signed swap, then answers with what the chain says it did. */
export async function executeDbcTrade(services: Services, pool: PoolRow, transactionBase64: string): Promise<ExecuteResponse> {
  let wire: Uint8Array;
  try {
    const tx = Transaction.from(Buffer.from(transactionBase64, 'base64'));
    const keys = tx.compileMessage().accountKeys.map((key) => key.toBase58());
    const swaps = tx.instructions.some((ix) => [DBC_PROGRAM, DAMM_V2_PROGRAM].includes(ix.programId.toBase58()));
    if (!swaps || !poolsOf(pool).some((address) => keys.includes(address))) throw badRequest(NOT_THIS_POOL);
    if (tx.signatures.some((s) => s.signature === null)) throw badRequest(TRADE_ERRORS.unsigned);
    wire = tx.serialize();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(TRADE_ERRORS.invalid);
  }
  let signature: string;
  try {
    signature = await services.chain.sendAndConfirm(wire);
  } catch (err) {
    if (customErrorCode(err) === EXCEEDED_SLIPPAGE) throw new HttpError(409, TRADE_ERRORS.slippage);
    // The wallet held it past its blockhash's lifetime: nothing was sent or paid, and the trade
    // widget builds it again (priced against this one, within the slippage) on this answer.
    if (blockhashExpired(err)) throw new HttpError(409, TRADE_ERRORS.expired);
    if (err instanceof TransactionRejectedError) throw new HttpError(400, TRADE_ERRORS.failed, { err: err.err, reason: transactionFailureReason(err.err) });
    if (err instanceof TransactionFailedError) {
      throw new HttpError(400, TRADE_ERRORS.failed, { err: err.err, transactionSignature: err.signature, reason: transactionFailureReason(err.err) });
    }
    throw err;
  }
  // Recorded before the answer, so the page the trader returns to already shows it (the job would within ~100 ms).
  await indexSwapSignatures(services, [signature]);
  const landed = await services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const swap = landed ? decodeSwaps(landed).find((record) => poolsOf(pool).includes(record.pool)) : undefined;
  if (!swap) throw badRequest(NOT_THIS_POOL);
  const side = swap.direction;
  return {
    transactionSignature: signature,
    expectedOutput: side === 'buy' ? formatTokenAmount(swap.tokenAmount) : lamportsToSolString(swap.solAmount),
    side,
    graduated: swap.program === 'dbc' && swap.quoteReserveAfter >= pool.thresholdLamports,
  };
}
