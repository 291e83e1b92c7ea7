import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { TX_ERROR, txErrorMessage } from '../../solana/txErrors';
import type { TradeSide } from '../../api/curve';

// The trade widget's toasts: the spec's service messages as titles ('Failed to build buy
// transaction', 'Failed to execute swap'), the wallet/chain failure mapped by txErrorMessage
// as the description. A cancel or a short balance is the whole story, so it is the title.

export const TRADE_TOAST = {
  notConnected: 'Wallet not connected',
  notConnectedText: 'Please connect your wallet first',
  insufficientTokens: 'Insufficient token balance',
  slippage: 'Price moved beyond your slippage tolerance',
  slippageText: 'The quote has been updated. Review it and try again.',
  buildFailed: (side: TradeSide) => `Failed to build ${side} transaction`,
  executeFailed: 'Failed to execute swap',
} as const;

export type TradeStage = 'build' | 'sign' | 'execute';

/** A failure tagged with the step it happened in, so the toast can name it. */
export class TradeStageError extends Error {
  constructor(readonly stage: TradeStage, readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'TradeStageError';
  }
}

export type TradeToast = { title: string; description?: string };

/** What a failed trade shows: the step's service message as the title, the cause as the description. */
export function tradeErrorToast(err: unknown, side: TradeSide): TradeToast {
  const stage = err instanceof TradeStageError ? err.stage : 'execute';
  const cause = err instanceof TradeStageError ? err.cause : err;
  const message = txErrorMessage(cause, 'Please try again');
  if (message === TX_ERROR.cancelled || message === TX_ERROR.insufficientSol || message === TRADE_TOAST.insufficientTokens) {
    return { title: message };
  }
  if (message === TRADE_TOAST.slippage) return { title: TRADE_TOAST.slippage, description: TRADE_TOAST.slippageText };
  const title = stage === 'build' ? TRADE_TOAST.buildFailed(side) : TRADE_TOAST.executeFailed;
  // The server may answer with the service message itself: then its reason, if any, is the news.
  const reason = cause instanceof ApiError && cause.reason ? cause.reason : message;
  return reason === title ? { title } : { title, description: reason };
}

export function toastTradeError(err: unknown, side: TradeSide): void {
  const { title, description } = tradeErrorToast(err, side);
  toast.error(title, description ? { description } : undefined);
}
