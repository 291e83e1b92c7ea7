// A quote reserves curve liquidity for 30 s, so it is built only for a wallet that holds
// what it offers: otherwise anyone could quote (and so block) the whole curve for free.
// The chain checks again when the trade executes.

import { PublicKey } from '@solana/web3.js';
import { tokenAccountOf } from '../../chain/curve';
import type { ChainService } from '../../chain/service';
import { HttpError, badRequest } from '../../http/errors';
import { TRADE_ERRORS } from '../../trading';

export const BALANCE_MESSAGES = {
  sol: 'Insufficient SOL balance for transaction',
  tokens: 'Insufficient token balance for transaction',
} as const;

/** What the balance checks read: the local ledger directly (no JSON-RPC round trip), else the Connection. */
export type ChainReader = Pick<ChainService, 'connection' | 'ledger'>;

async function accountOf(chain: ChainReader, address: PublicKey): Promise<{ lamports: bigint; data: Uint8Array } | null> {
  if (chain.ledger) return chain.ledger.getAccount(address.toBase58());
  const info = await chain.connection.getAccountInfo(address, 'confirmed');
  return info && { lamports: BigInt(info.lamports), data: info.data };
}

export async function requireSol(chain: ChainReader, wallet: string, lamports: bigint): Promise<void> {
  const balance = (await accountOf(chain, new PublicKey(wallet)))?.lamports ?? 0n;
  if (balance < lamports) throw badRequest(BALANCE_MESSAGES.sol);
}

export async function requireTokens(chain: ChainReader, mint: string, wallet: string, tokens: bigint): Promise<void> {
  const account = await accountOf(chain, tokenAccountOf(new PublicKey(mint), new PublicKey(wallet)));
  // A token account's amount: u64 LE after mint (32) and owner (32).
  const held = account && account.data.length >= 72 ? Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength).readBigUInt64LE(64) : 0n;
  if (held < tokens) throw badRequest(BALANCE_MESSAGES.tokens);
}

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
