// The chain refuses a trade a wallet cannot pay for; this turns its refusals into the
// wallet's words.

import { HttpError } from '../../http/errors';
import { TRADE_ERRORS } from '../../curve/tradeErrors';

export const BALANCE_MESSAGES = { sol: TRADE_ERRORS.insufficientSol, tokens: TRADE_ERRORS.insufficientTokens } as const;

/**
 * A trade the chain refused for want of funds says so in the wallet's words. Buy: the
 * SOL transfer (instruction 1) or the fee; sell: the token transfer (instruction 0).
 */
export function explainFailure(err: unknown, side: 'buy' | 'sell'): unknown {
  if (!(err instanceof HttpError) || err.message !== TRADE_ERRORS.failed) return err;
  const chainErr = err.extra.err as unknown;
  const text = JSON.stringify(chainErr) ?? '';
  const instruction = (chainErr as { InstructionError?: [number, unknown] } | null)?.InstructionError;
  const custom = instruction ? JSON.stringify(instruction[1]) : '';
  if (/InsufficientFundsFor(Fee|Rent)/.test(text) || (side === 'buy' && instruction?.[0] === 1 && custom === '{"Custom":1}')) {
    return new HttpError(400, BALANCE_MESSAGES.sol, err.extra);
  }
  if (side === 'sell' && instruction?.[0] === 0 && custom === '{"Custom":1}') return new HttpError(400, BALANCE_MESSAGES.tokens, err.extra);
  return err;
}
