import bs58 from 'bs58';
import { faucetRpcRefusal } from '../../../policies/faucet';
import { WireError } from '../../ledger/wire';
import { txErrorMessage } from '../../ledger/txError';
import { LedgerUnavailableError, type SendOutcome } from '../../ledger/ledger';
import { checkMinContextSlot, withContext, type MethodTable, type RpcCaller, type RpcContext } from '../context';
import { confirmationOf } from '../signatureStatus';
import { simulateTransaction } from '../simulation';
import {
  INTERNAL_ERROR, invalidParams, RpcError, SEND_TRANSACTION_PREFLIGHT_FAILURE, TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
} from '../errors';
import { configParam, decodeBinary, optionalString, pubkeyParam, requireParam, signatureParam } from '../params';

const MAX_STATUSES = 256;

/** Submitting, simulating and tracking transactions; the faucet. */
export const transactionMethods: MethodTable = {
  sendTransaction: async (params, ctx) => {
    const config = configParam(params, 1);
    const raw = decodeBinary(requireParam(params, 0, 'transaction'), optionalString(config, 'encoding'));
    checkMinContextSlot(ctx, config);
    const outcome = await sendOrThrow(ctx, raw, config.skipPreflight !== true);
    if (outcome.kind === 'rejected') {
      if (outcome.err === 'SignatureFailure') throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
      throw new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${txErrorMessage(outcome.err)}`, {
        accounts: null, err: outcome.err, innerInstructions: null, loadedAccountsDataSize: outcome.executed?.loadedAccountsDataSize ?? 0,
        logs: outcome.logs, replacementBlockhash: null, returnData: null, unitsConsumed: outcome.unitsConsumed, fee: outcome.executed?.fee ?? null,
        preBalances: null, postBalances: null, preTokenBalances: null, postTokenBalances: null, loadedAddresses: null,
      });
    }
    return outcome.kind === 'landed' ? outcome.record.signature : bs58.encode(raw.subarray(1, 65));
  },
  simulateTransaction,
  getSignatureStatuses: async (params, ctx) => {
    const list = requireParam(params, 0, 'signatures');
    if (!Array.isArray(list)) throw invalidParams('Invalid params: invalid type: expected a sequence of signatures.');
    if (list.length > MAX_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_STATUSES}`);
    const signatures = list.map(signatureParam);
    const searchHistory = configParam(params, 1).searchTransactionHistory === true;
    const found = new Map<string, { slot: bigint; err: unknown }>();
    const missing: string[] = [];
    for (const s of signatures) {
      const cached = ctx.ledger.recentStatus(s);
      if (cached) found.set(s, cached); else missing.push(s);
    }
    // The status cache covers 150 slots; like a validator, only searchTransactionHistory looks further back.
    if (searchHistory && missing.length > 0) for (const [s, status] of await ctx.store.statuses(missing)) found.set(s, status);
    const current = ctx.ledger.slot;
    return withContext(ctx, signatures.map((s) => {
      const status = found.get(s);
      if (!status) return null;
      return { slot: status.slot, ...confirmationOf(status.slot, current, ctx.ledger.restartRoot), err: status.err, status: status.err ? { Err: status.err } : { Ok: null } };
    }));
  },
  requestAirdrop: async (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const lamports = requireParam(params, 1, 'lamports');
    if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports <= 0) throw invalidParams('Invalid params: lamports must be a positive integer.');
    if (ctx.caller) await checkFaucet(ctx.caller, BigInt(lamports));
    const outcome = await ctx.ledger.airdrop(address, BigInt(lamports)).catch((err: unknown) => {
      if (err instanceof LedgerUnavailableError) throw new RpcError(INTERNAL_ERROR, err.message);
      throw err;
    });
    if (outcome.kind !== 'landed' || outcome.record.err) {
      throw new RpcError(INTERNAL_ERROR, 'airdrop request failed. This can happen when the rate limit is reached.');
    }
    return outcome.record.signature;
  },
};

/** A client's airdrop under the faucet policy POST /api/dev/airdrop shares (cap and per-client rate). */
async function checkFaucet(caller: RpcCaller, lamports: bigint): Promise<void> {
  const refusal = await faucetRpcRefusal(caller.limits.faucet, caller.ip, lamports);
  if (refusal) throw new RpcError(refusal.code, refusal.message);
}

async function sendOrThrow(ctx: RpcContext, raw: Uint8Array, preflight: boolean): Promise<SendOutcome> {
  try {
    return await ctx.ledger.send(raw, { preflight });
  } catch (err) {
    if (err instanceof WireError) throw invalidParams(deserializeMessage(err));
    if (err instanceof LedgerUnavailableError) throw new RpcError(INTERNAL_ERROR, err.message);
    throw err;
  }
}

function deserializeMessage(err: WireError): string {
  return `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${err.message}`;
}
