import { WalletSignTransactionError } from '@solana/wallet-adapter-base';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { TX_ERROR } from '../../solana/txErrors';
import { TRADE_TOAST, TradeStageError, tradeErrorToast } from './tradeToasts';

describe('tradeErrorToast', () => {
  it('a wallet refusal is "Transaction cancelled by user", whatever the step', () => {
    const refused = new WalletSignTransactionError('User rejected the request.', { code: 4001 });
    expect(tradeErrorToast(new TradeStageError('sign', refused), 'buy')).toEqual({ title: TX_ERROR.cancelled });
  });

  it('names the build step with the spec\'s service message and the server\'s reason', () => {
    const err = new TradeStageError('build', new ApiError('Amount is too small to trade', 400));
    expect(tradeErrorToast(err, 'buy')).toEqual({ title: 'Failed to build buy transaction', description: 'Amount is too small to trade' });
    expect(tradeErrorToast(err, 'sell').title).toBe('Failed to build sell transaction');
  });

  it('an execute failure is "Failed to execute swap"; a chain shortfall is the insufficient-SOL message', () => {
    expect(tradeErrorToast(new TradeStageError('execute', new ApiError('Quote already executed', 409)), 'sell'))
      .toEqual({ title: TRADE_TOAST.executeFailed, description: 'Quote already executed' });
    const short = new ApiError('Transaction simulation failed: insufficient lamports 100, need 200', 400);
    expect(tradeErrorToast(new TradeStageError('execute', short), 'buy')).toEqual({ title: TX_ERROR.insufficientSol });
  });

  it('balance checks before anything is built speak for themselves', () => {
    expect(tradeErrorToast(new Error(TX_ERROR.insufficientSol), 'buy')).toEqual({ title: TX_ERROR.insufficientSol });
    expect(tradeErrorToast(new Error(TRADE_TOAST.insufficientTokens), 'sell')).toEqual({ title: TRADE_TOAST.insufficientTokens });
  });

  it('a rebuilt quote refused for slippage asks the trader to review the new quote', () => {
    const err = new TradeStageError('build', new ApiError('Price moved beyond your slippage tolerance', 409));
    expect(tradeErrorToast(err, 'buy')).toEqual({ title: TRADE_TOAST.slippage, description: TRADE_TOAST.slippageText });
  });

  it("the server's own service message is not repeated: its reason, when known, is the description", () => {
    const bare = new TradeStageError('build', new ApiError('Failed to build buy transaction', 502));
    expect(tradeErrorToast(bare, 'buy')).toEqual({ title: 'Failed to build buy transaction' });
    const reasoned = new TradeStageError('execute', new ApiError('Failed to execute swap', 502, 'The pool wallet could not sign'));
    expect(tradeErrorToast(reasoned, 'buy')).toEqual({ title: 'Failed to execute swap', description: 'The pool wallet could not sign' });
  });

  it("shows the reasons the routes give beside the title (server/routes/curve/serviceMessages.test.ts), not the generic retry text", () => {
    const onChain = new TradeStageError('execute', new ApiError('Failed to execute swap', 502, 'Transaction failed: Blockhash expired'));
    expect(tradeErrorToast(onChain, 'sell')).toEqual({ title: 'Failed to execute swap', description: 'Transaction failed: Blockhash expired' });
    const rpc = new TradeStageError('build', new ApiError('Failed to build sell transaction', 502, 'RPC unavailable'));
    expect(tradeErrorToast(rpc, 'sell')).toEqual({ title: 'Failed to build sell transaction', description: 'RPC unavailable' });
  });
});
