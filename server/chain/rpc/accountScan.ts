import { BPF_UPGRADEABLE_LOADER, SYSVAR_OWNER } from '../parse/programs';
import type { RpcContext } from './context';
import { WorkSlice } from './yielding';

/** Owners of the accounts LiteSVM creates itself (sysvars, builtins, the SPL programs it loads): never in the database. */
const NATIVE_OWNERS = [
  SYSVAR_OWNER, 'NativeLoader1111111111111111111111111111111', 'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111', BPF_UPGRADEABLE_LOADER, 'LoaderV411111111111111111111111111111111111',
];

/**
 * Every account with lamports on the ledger at the end of `slot` (as getProgramAccounts), owner by owner (LiteSVM indexes accounts by owner
 * only; the database knows every owner a transaction ever wrote). It yields now and then: it
 * grows with the ledger, and a validator would not hold a request thread for it either.
 */
export async function scanBalances(ctx: RpcContext, slot: bigint, visit: (address: string, lamports: bigint) => void): Promise<void> {
  const owners = new Set([...NATIVE_OWNERS, ...await ctx.store.accountOwners()]);
  const work = new WorkSlice();
  for (const owner of owners) {
    if (work.due) await work.yieldTurn();
    for (const { address, account } of ctx.ledger.getProgramAccounts(owner, slot)) {
      if (work.due) await work.yieldTurn();
      visit(address, account.lamports);
    }
  }
}
