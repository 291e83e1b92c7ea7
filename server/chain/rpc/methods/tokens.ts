import { tokenAmountToUiAmount } from '../../parse';
import { isTokenProgram, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../ledger/programs';
import type { AccountState } from '../../ledger/svm';
import { readMint, readTokenAccount, readTokenDelegate } from '../../ledger/tokenAmounts';
import { accountSlot } from '../commitment';
import { withContext, type MethodTable, type RpcContext } from '../context';
import { accountEncoding, dataSliceParam, encodeAccount } from '../encoding';
import { invalidParams } from '../errors';
import { configParam, pubkeyParam, requireParam } from '../params';
import { WorkSlice } from '../yielding';

const LARGEST_ACCOUNTS = 20;

function mintOf(ctx: RpcContext, address: string, slot: bigint) {
  const state = ctx.ledger.getAccount(address, slot);
  const mint = state ? readMint(state.owner, state.data) : null;
  if (!state || !mint) throw invalidParams('Invalid param: not a Token mint');
  return { ...mint, program: state.owner };
}

/** SPL Token and Token-2022 balances, supply and holders. */
export const tokenMethods: MethodTable = {
  getTokenAccountBalance: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const slot = accountSlot(ctx, configParam(params, 1));
    const state = ctx.ledger.getAccount(address, slot);
    const account = state ? readTokenAccount(state.owner, state.data) : null;
    if (!account) throw invalidParams('Invalid param: not a Token account');
    const mint = mintOf(ctx, account.mint, slot);
    return withContext(ctx, tokenAmountToUiAmount(account.amount, mint.decimals), slot);
  },
  getTokenSupply: (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const slot = accountSlot(ctx, configParam(params, 1));
    const mint = mintOf(ctx, address, slot);
    return withContext(ctx, tokenAmountToUiAmount(mint.supply, mint.decimals), slot);
  },
  getTokenLargestAccounts: async (params, ctx) => {
    const address = pubkeyParam(requireParam(params, 0, 'pubkey'));
    const slot = accountSlot(ctx, configParam(params, 1));
    const mint = mintOf(ctx, address, slot);
    const holders = (await tokenAccounts(ctx, mint.program, slot, (a) => a.mint === address))
      .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))
      .slice(0, LARGEST_ACCOUNTS);
    return withContext(ctx, holders.map((h) => ({ address: h.address, ...tokenAmountToUiAmount(h.amount, mint.decimals) })), slot);
  },
  getTokenAccountsByOwner: (params, ctx) => tokenAccountsBy('owner', params, ctx),
  getTokenAccountsByDelegate: (params, ctx) => tokenAccountsBy('delegate', params, ctx),
};

/** getTokenAccountsByOwner and getTokenAccountsByDelegate: the same params, one field compared. */
async function tokenAccountsBy(field: 'owner' | 'delegate', params: unknown[], ctx: RpcContext) {
  const key = pubkeyParam(requireParam(params, 0, field));
  const filter = requireParam(params, 1, 'filter (mint or programId)') as { mint?: unknown; programId?: unknown };
  const config = configParam(params, 2);
  const slot = accountSlot(ctx, config);
  const encoding = accountEncoding(config, 'binary');
  const slice = dataSliceParam(config);
  let programs: string[];
  let mint: string | undefined;
  if (typeof filter === 'object' && filter && 'mint' in filter) {
    mint = pubkeyParam(filter.mint);
    const state = ctx.ledger.getAccount(mint, slot);
    if (!state || !readMint(state.owner, state.data)) throw invalidParams('Invalid param: could not find mint');
    programs = [state.owner];
  } else if (typeof filter === 'object' && filter && 'programId' in filter) {
    const program = pubkeyParam(filter.programId);
    if (!isTokenProgram(program)) throw invalidParams('Invalid param: unrecognized Token program id');
    programs = [program];
  } else {
    throw invalidParams('Invalid params: expected a filter object with mint or programId.');
  }
  const matches = (a: { mint: string; owner: string }, data: Uint8Array) =>
    (field === 'owner' ? a.owner === key : readTokenDelegate(data) === key) && (!mint || a.mint === mint);
  const found = await Promise.all(programs.map((p) => tokenAccounts(ctx, p, slot, matches)));
  const value = found.flat()
    .map((a) => ({ pubkey: a.address, account: encodeAccount(ctx, { ...a.state, address: a.address }, encoding, slice) }));
  return withContext(ctx, value, slot);
}

/** A scan of every token account of `program`: it yields now and then, as it grows with the ledger. */
async function tokenAccounts(ctx: RpcContext, program: string, slot: bigint, keep: (a: { mint: string; owner: string }, data: Uint8Array) => boolean) {
  // Each account's state as scanned: the ledger may move on while the scan yields.
  const out: { address: string; state: AccountState; mint: string; owner: string; amount: bigint }[] = [];
  if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return out;
  const work = new WorkSlice();
  for (const { address, account } of ctx.ledger.getProgramAccounts(program, slot)) {
    if (work.due) await work.yieldTurn();
    const token = readTokenAccount(program, account.data);
    if (token && keep(token, account.data)) out.push({ address, state: account, ...token });
  }
  return out;
}
