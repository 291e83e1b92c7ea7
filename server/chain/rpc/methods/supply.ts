import type { LocalLedger } from '../../ledger/ledger';
import { scanBalances } from '../accountScan';
import { accountSlot } from '../commitment';
import { API_VERSION, withContext, type MethodTable, type RpcContext } from '../context';
import { invalidParams } from '../errors';
import { configParam } from '../params';

/** NUM_LARGEST_ACCOUNTS and LARGEST_ACCOUNTS_CACHE_DURATION (2 hours), as agave serves getLargestAccounts. */
const LARGEST = 20;
const LARGEST_CACHE_MS = 2 * 60 * 60 * 1000;

type Balance = { address: string; lamports: bigint };
type LargestCache = { slot: bigint; atMs: number; accounts: Balance[] };

/**
 * Per ledger: the supply by transaction count (only transactions move lamports, so equal counts
 * mean equal supplies, at the tip or at the root), and getLargestAccounts' answers per filter.
 */
const caches = new WeakMap<LocalLedger, { supply: Map<bigint, Promise<bigint>>; largest: Map<string, LargestCache> }>();

function cacheOf(ledger: LocalLedger) {
  let cache = caches.get(ledger);
  if (!cache) { cache = { supply: new Map(), largest: new Map() }; caches.set(ledger, cache); }
  return cache;
}

/**
 * The ledger's capitalization at the end of `slot` (the tip, or the root at `finalized`): a
 * validator keeps it in its bank; here it is a scan, redone only after new transactions.
 */
function totalSupply(ctx: RpcContext, slot: bigint): Promise<bigint> {
  const { supply } = cacheOf(ctx.ledger);
  const transactions = ctx.ledger.transactionCountAt(slot);
  let total = supply.get(transactions);
  if (!total) {
    const scan = (async () => { let sum = 0n; await scanBalances(ctx, slot, (_a, lamports) => { sum += lamports; }); return sum; })();
    total = scan;
    supply.set(transactions, scan);
    // The tip's and the root's counts are enough to keep.
    for (const count of supply.keys()) if (supply.size > 2 && count !== transactions) supply.delete(count);
    scan.catch(() => { if (supply.get(transactions) === scan) supply.delete(transactions); });
  }
  return total;
}

async function largestAccounts(ctx: RpcContext, slot: bigint): Promise<Balance[]> {
  const top: Balance[] = [];
  await scanBalances(ctx, slot, (address, lamports) => {
    if (top.length === LARGEST && lamports <= top[LARGEST - 1].lamports) return;
    let i = top.length;
    while (i > 0 && top[i - 1].lamports < lamports) i--;
    top.splice(i, 0, { address, lamports });
    if (top.length > LARGEST) top.pop();
  });
  return top;
}

/**
 * Supply and the largest holders. Nothing here is non-circulating: a validator counts its
 * compiled-in list of mainnet foundation accounts and stake accounts locked by their
 * custodians, and none of them exists on this ledger.
 */
export const supplyMethods: MethodTable = {
  getSupply: async (params, ctx) => {
    const slot = accountSlot(ctx, configParam(params, 0));
    const total = await totalSupply(ctx, slot);
    return withContext(ctx, { total, circulating: total, nonCirculating: 0, nonCirculatingAccounts: [] }, slot);
  },
  getLargestAccounts: async (params, ctx) => {
    const config = configParam(params, 0);
    const filter = config.filter ?? null;
    if (filter !== null && filter !== 'circulating' && filter !== 'nonCirculating') {
      throw invalidParams(`Invalid params: unknown variant \`${String(filter)}\`, expected \`circulating\` or \`nonCirculating\`.`);
    }
    const key = filter ?? 'all';
    const cache = cacheOf(ctx.ledger).largest;
    const hit = cache.get(key);
    // As on a validator, a cached answer carries the slot it was computed at.
    if (hit && Date.now() - hit.atMs < LARGEST_CACHE_MS) return { context: { apiVersion: API_VERSION, slot: Number(hit.slot) }, value: hit.accounts };
    const slot = accountSlot(ctx, config);
    const accounts = filter === 'nonCirculating' ? [] : await largestAccounts(ctx, slot);
    cache.set(key, { slot, atMs: Date.now(), accounts });
    return { context: { apiVersion: API_VERSION, slot: Number(slot) }, value: accounts };
  },
};
