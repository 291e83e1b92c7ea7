import { WireError, decodeWireTransaction } from '../ledger/wire';
import type { SimulateOutcome } from '../ledger/ledger';
import { checkMinContextSlot, withContext, type RpcContext } from './context';
import { accountEncoding, encodeAccount } from './encoding';
import { invalidParams } from './errors';
import { configParam, decodeBinary, optionalString, pubkeyParam, requireParam } from './params';
import { parsedInnerInstructions } from './transactionJson';

/**
 * simulateTransaction with Agave's RpcSimulateTransactionResult: err, logs, accounts,
 * unitsConsumed, loadedAccountsDataSize, returnData, innerInstructions (when asked for),
 * replacementBlockhash, fee, pre/post balances and token balances, loadedAddresses. The
 * execution fields are null when the transaction never got as far as loading its accounts.
 */
export function simulateTransaction(params: unknown[], ctx: RpcContext): unknown {
  const config = configParam(params, 1);
  const raw = decodeBinary(requireParam(params, 0, 'transaction'), optionalString(config, 'encoding'));
  checkMinContextSlot(ctx, config);
  const sigVerify = config.sigVerify === true;
  const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
  if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  let result: ReturnType<typeof ctx.ledger.simulate>;
  let accountCount: number;
  try {
    const tx = decodeWireTransaction(raw);
    accountCount = tx.staticKeys.length + tx.lookups.reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
    result = ctx.ledger.simulate(raw, { sigVerify, replaceRecentBlockhash });
  } catch (err) {
    if (err instanceof WireError) throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${err.message}`);
    throw err;
  }
  const x = result.executed;
  const replacement = result.replacementBlockhash;
  return withContext(ctx, {
    err: result.err,
    logs: result.logs,
    accounts: simulatedAccounts(ctx, config.accounts, accountCount, result),
    unitsConsumed: result.unitsConsumed,
    loadedAccountsDataSize: x?.loadedAccountsDataSize ?? 0,
    returnData: result.returnData,
    innerInstructions: config.innerInstructions === true && x ? parsedInnerInstructions(x.accountKeys, x.innerInstructions) : null,
    replacementBlockhash: replacement ? { blockhash: replacement.blockhash, lastValidBlockHeight: Number(replacement.lastValidBlockHeight) } : null,
    fee: x ? x.fee : null,
    preBalances: x ? x.preBalances : null,
    postBalances: x ? x.postBalances : null,
    preTokenBalances: x ? x.preTokenBalances : null,
    postTokenBalances: x ? x.postTokenBalances : null,
    loadedAddresses: x ? x.loadedAddresses : null,
  });
}

/** The `accounts` the caller asked for, after the simulation (all null when it failed, as Agave answers). */
function simulatedAccounts(ctx: RpcContext, wanted: unknown, accountCount: number, result: SimulateOutcome): unknown {
  if (wanted === undefined || wanted === null) return null;
  const { addresses, encoding } = wanted as { addresses?: unknown; encoding?: unknown };
  if (!Array.isArray(addresses)) throw invalidParams('Invalid params: accounts.addresses must be a sequence of addresses.');
  const chosen = accountEncoding({ encoding }, 'base64');
  if (chosen === 'binary' || chosen === 'base58') throw invalidParams('base58 encoding not supported');
  if (addresses.length > accountCount) throw invalidParams(`Too many accounts provided; max ${accountCount}`);
  const keys = addresses.map(pubkeyParam);
  if (result.err !== null) return keys.map(() => null);
  return keys.map((address) => {
    const state = result.accounts.has(address) ? result.accounts.get(address) : ctx.ledger.getAccount(address);
    return state ? encodeAccount(ctx, { ...state, address }, chosen) : null;
  });
}
