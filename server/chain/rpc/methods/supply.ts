import type { LocalLedger } from '../../ledger/ledger';
import { scanBalances } from '../accountScan';
import { API_VERSION, checkMinContextSlot, withContext, type MethodTable, type RpcContext } from '../context';
import { invalidParams } from '../errors';
import { configParam } from '../params';

/** NUM_LARGEST_ACCOUNTS and LARGEST_ACCOUNTS_CACHE_DURATION (2 hours), as agave serves getLargestAccounts. */
const LARGEST = 20;
const LARGEST_CACHE_MS = 2 * 60 * 60 * 1000;

type Balance = { address: string; lamports: bigint };
type LargestCache = { slot: bigint; atMs: number; accounts: Balance[] };

/** Per ledger: the supply as of a transaction count (only transactions move lamports), and getLargestAccounts' answers per filter. */
const caches = new WeakMap<LocalLedger, { supply?: { transactions: bigint; total: Promise<bigint> }; largest: Map<string, LargestCache> }>();

function cacheOf(ledger: LocalLedger) {
  let cache = caches.get(ledger);
  if (!cache) { cache = { largest: new Map() }; caches.set(ledger, cache); }
  return cache;
}

/** The ledger's capitalization: a validator keeps it in its bank; here it is a scan, redone only after new transactions. */
function totalSupply(ctx: RpcContext): Promise<bigint> {
  const cache = cacheOf(ctx.ledger);
  const transactions = ctx.ledger.transactionCount;
  if (cache.supply?.transactions !== transactions) {
    const total = (async () => { let sum = 0n; await scanBalances(ctx, (_a, lamports) => { sum += lamports; }); return sum; })();
    cache.supply = { transactions, total };
    total.catch(() => { if (cache.supply?.total === total) cache.supply = undefined; });
  }
  return cache.supply.total;
}

async function largestAccounts(ctx: RpcContext): Promise<Balance[]> {
  const top: Balance[] = [];
  await scanBalances(ctx, (address, lamports) => {
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
    const config = configParam(params, 0);
    checkMinContextSlot(ctx, config);
    const total = await totalSupply(ctx);
    return withContext(ctx, { total, circulating: total, nonCirculating: 0, nonCirculatingAccounts: [] });
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
    const slot = ctx.ledger.slot;
    const accounts = filter === 'nonCirculating' ? [] : await largestAccounts(ctx);
    cache.set(key, { slot, atMs: Date.now(), accounts });
    return { context: { apiVersion: API_VERSION, slot: Number(slot) }, value: accounts };
  },
};
