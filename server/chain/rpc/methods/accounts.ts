import bs58 from 'bs58';
import type { AccountState } from '../../ledger/svm';
import { accountSlot } from '../commitment';
import { withContext, type MethodTable } from '../context';
import { accountEncoding, dataSliceParam, encodeAccount } from '../encoding';
import { KEY_EXCLUDED_FROM_SECONDARY_INDEX, RpcError, SCAN_ERROR } from '../errors';
import { addressListParam, configParam, pubkeyParam, requireParam, type Config } from '../params';
import { programFilters } from '../programFilters';
import { WorkSlice } from '../yielding';
import { isTokenProgram } from '../../parse/programs';

const MAX_MULTIPLE_ACCOUNTS = 100;

/** Balances and account data. */
export const accountMethods: MethodTable = {
  getBalance: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const slot = accountSlot(ctx, configParam(params, 1));
    return withContext(ctx, ctx.ledger.getAccount(address, slot)?.lamports ?? 0n, slot);
  },
  getAccountInfo: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const config = configParam(params, 1);
    const slot = accountSlot(ctx, config);
    const encoding = accountEncoding(config, 'binary');
    const slice = dataSliceParam(config);
    const account = ctx.ledger.getAccount(address, slot);
    return withContext(ctx, account ? encodeAccount(ctx, { ...account, address }, encoding, slice) : null, slot);
  },
  getMultipleAccounts: (params, ctx) => {
    const addresses = addressListParam(params, 0, 'pubkeys', MAX_MULTIPLE_ACCOUNTS);
    const config = configParam(params, 1);
    const slot = accountSlot(ctx, config);
    const encoding = accountEncoding(config, 'base64');
    const slice = dataSliceParam(config);
    return withContext(ctx, addresses.map((a) => {
      const account = ctx.ledger.getAccount(a, slot);
      return account ? encodeAccount(ctx, { ...account, address: a }, encoding, slice) : null;
    }), slot);
  },
  getProgramAccounts: async (params, ctx) => {
    const program = pubkeyParam(requireParam(params, 0, 'program id'));
    const config = configParam(params, 1);
    const slot = accountSlot(ctx, config);
    const encoding = accountEncoding(config, 'binary');
    const slice = dataSliceParam(config);
    const filters = programFilters(config);
    // As mainnet-beta RPC answers a program kept out of its indexes: unfiltered, it is every account of the program.
    if (filters.length === 0) {
      throw new RpcError(KEY_EXCLUDED_FROM_SECONDARY_INDEX, `${program} excluded from account secondary indexes; this RPC method unavailable for key`);
    }
    // The server's own scans (holders) are not capped; a client's answer is.
    const max = ctx.caller?.limits.maxProgramAccounts ?? Infinity;
    const work = new WorkSlice();
    const matches: { address: string; account: AccountState }[] = [];
    const mint = mintFilter(program, config);
    for (const item of mint ? ctx.ledger.getProgramAccountsByMint(program, mint, slot) : ctx.ledger.getProgramAccounts(program, slot)) {
      if (work.due) await work.yieldTurn();
      if (!filters.every((f) => f(item.account.data))) continue;
      if (matches.length === max) {
        throw new RpcError(SCAN_ERROR, 'scan aborted: The accumulated scan results exceeded the limit');
      }
      matches.push(item);
    }
    const value: { pubkey: string; account: Record<string, unknown> }[] = [];
    for (const { address, account } of matches) {
      if (work.due) await work.yieldTurn();
      value.push({ pubkey: address, account: encodeAccount(ctx, { ...account, address }, encoding, slice) });
    }
    return config.withContext === true ? withContext(ctx, value, slot) : value;
  },
};

/** A token program scan for one mint (a 32-byte memcmp at offset 0): the ledger's mint index answers it. */
function mintFilter(program: string, config: Config): Uint8Array | null {
  if (!isTokenProgram(program) || !Array.isArray(config.filters)) return null;
  for (const f of config.filters as { memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown } }[]) {
    const m = f?.memcmp;
    if (!m || m.offset !== 0 || typeof m.bytes !== 'string') continue;
    const bytes = m.encoding === 'base64' ? new Uint8Array(Buffer.from(m.bytes, 'base64')) : bs58.decode(m.bytes);
    if (bytes.length === 32) return bytes;
  }
  return null;
}

