import type { LocalLedger } from '../ledger/ledger';
import type { LedgerStore } from '../ledger/store';
import { MIN_CONTEXT_SLOT_NOT_REACHED, RpcError } from './errors';
import type { RpcLimits } from './limits';

/** A client calling over HTTP (/api/rpc) and the limits that apply to it. */
export type RpcCaller = { ip: string; limits: RpcLimits };
/** `caller` is absent for the server's own in-process calls, which are never limited. */
export type RpcContext = { ledger: LocalLedger; store: LedgerStore; caller?: RpcCaller };
/** One RPC method: positional params in, the `result` out (throw RpcError for an error). */
export type Handler = (params: unknown[], ctx: RpcContext) => unknown;
export type MethodTable = Record<string, Handler>;

export const API_VERSION = '2.2.20';
export const FEATURE_SET = 3294202862;

/**
 * The `{ context, value }` wrapper of the methods that report the slot they answered at: the
 * tip unless the method answered at its commitment's slot.
 */
export function withContext(ctx: RpcContext, value: unknown, slot: bigint = ctx.ledger.slot): { context: { apiVersion: string; slot: number }; value: unknown } {
  return { context: { apiVersion: API_VERSION, slot: Number(slot) }, value };
}

/** Agave's check of `minContextSlot` against the slot the answer is read at (the tip unless given). */
export function checkMinContextSlot(ctx: RpcContext, config: { minContextSlot?: unknown }, slot: bigint = ctx.ledger.slot): void {
  const min = config.minContextSlot;
  if (typeof min === 'number' && BigInt(min) > slot) {
    throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', { contextSlot: Number(slot) });
  }
}
