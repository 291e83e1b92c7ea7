// GET /api/curve/{mint}/quote for a campaign on its own DBC pool (issue 36): the SDK's quote
// against the pool now (server/curve/swapPreview.ts), so the preview carries the pool's 6% fee as
// the built trade will; the custodial pricing would promise the buyer tokens the pool never gives,
// and the build would then refuse the trade as beyond its slippage.

import { PublicKey } from '@solana/web3.js';
import { priceLamportsPerToken, type CurveState, type Ratio } from '../../../core/curve';
import { formatTokenAmount, lamportsToSolString } from '../../../core/money';
import type { QuotePreviewResponse } from '../../../core/schemas/trade';
import { PoolNotTradableError } from '../../curve/swapTransaction';
import { previewSwap } from '../../curve/swapPreview';
import { HttpError } from '../../http/errors';
import { decimalRatio } from '../../market/decimal';
import { percentChange } from '../../market/marketData';
import type { Services } from '../../services';
import { TRADE_ERRORS } from '../../curve/tradeErrors';
import { stateOfPool } from '../../curve/pools';
import type { PoolRow } from '../../curve/pools';

const solPerToken = (r: Ratio) => decimalRatio(r.num, r.den * 10n ** 9n, 18);

/** Both pools are one constant product over their virtual reserves; the fee is in SOL, so the token side moves by exactly what is traded. */
function stateAfter(before: CurveState, side: 'buy' | 'sell', tokens: bigint): CurveState {
  const k = before.virtualSolReserves * before.virtualTokenReserves;
  const virtualTokenReserves = side === 'buy' ? before.virtualTokenReserves - tokens : before.virtualTokenReserves + tokens;
  return { ...before, virtualTokenReserves, virtualSolReserves: virtualTokenReserves > 0n ? k / virtualTokenReserves : before.virtualSolReserves };
}

export async function dbcQuotePreview(services: Services, pool: PoolRow, side: 'buy' | 'sell', amount: bigint): Promise<QuotePreviewResponse> {
  let preview;
  try {
    preview = await previewSwap(services.chain.connection, new PublicKey(pool.poolWallet), side, amount);
  } catch (err) {
    if (err instanceof PoolNotTradableError) throw new HttpError(409, TRADE_ERRORS.completing);
    throw err;
  }
  const before = stateOfPool(pool);
  const tokens = side === 'buy' ? preview.expectedOut : preview.amountIn;
  const sol = side === 'buy' ? preview.amountIn : preview.expectedOut;
  const priceBefore = priceLamportsPerToken(before);
  const priceAfter = priceLamportsPerToken(stateAfter(before, side, tokens));
  return {
    side,
    amountIn: side === 'buy' ? lamportsToSolString(preview.amountIn) : formatTokenAmount(preview.amountIn),
    expectedOutput: side === 'buy' ? formatTokenAmount(preview.expectedOut) : lamportsToSolString(preview.expectedOut),
    transferFee: formatTokenAmount(0n),
    priceBefore: solPerToken(priceBefore),
    priceAfter: solPerToken(priceAfter),
    averagePrice: tokens > 0n ? decimalRatio(sol, tokens, 18) : '0',
    priceImpactPercent: Math.abs(percentChange(priceAfter, priceBefore)),
    completesCurve: preview.completesCurve,
    poolFee: lamportsToSolString(preview.feeLamports),
    claimableFee: lamportsToSolString(preview.claimableFeeLamports),
  };
}
