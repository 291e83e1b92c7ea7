import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { tokenAccountOf } from '../chain/tokenAccounts';
import { platformAddressesIn, readHolders } from '../market/holders';
import { perServices, type Services } from '../services';

/** A page of comments reads its authors' holdings once; this keeps that answer briefly. */
const HOLDERS_CACHE_MS = 5_000;
/** getMultipleAccounts' limit per call on a validator. */
const ACCOUNTS_PER_CALL = 100;
// A token account's amount: mint (32) | owner (32) | amount (u64 LE).
const AMOUNT_OFFSET = 64;

/**
 * What the page's authors hold (holders only: platform keys are none, core/holders.ts) and the
 * circulating supply their shares are of; null when that basis is not known.
 */
export type AuthorHoldings = { holdings: Map<string, bigint>; circulatingTokens: bigint | null };

type Entry = { at: number; balances: Promise<AuthorHoldings> };

const NONE: AuthorHoldings = { holdings: new Map(), circulatingTokens: null };

/**
 * How much of a mint each of a page's authors holds, for the Holder badge, kept per process for
 * 5 s and dropped at once when this process sees a trade on the mint: safe to lose, and per
 * process by design. The local ledger answers every holder from its mint index (readHolders,
 * the one holder count: the basis is the circulating supply it reads). On a cluster the
 * authors' associated token accounts are read, one getMultipleAccounts per hundred, which every
 * provider serves (a program-account scan of Token-2022, the trust panel's way, is what public
 * providers refuse): a token an author keeps in another account of theirs shows no badge, and
 * the basis is the circulating supply the campaign row keeps from the last holder count
 * (`basis`). A failed read shows no Holder badges; it never fails the page.
 */
export const holderSharesOf: (services: Services) => (mint: string, wallets: string[], basis?: bigint | null) => Promise<AuthorHoldings> = perServices((services) => {
  const cache = new Map<string, Entry>();
  services.trades.onTrade((event) => {
    for (const key of cache.keys()) if (key === event.mint || key.startsWith(`${event.mint}:`)) cache.delete(key);
  });
  return (mint: string, wallets: string[], basis: bigint | null = null) => {
    const { ledger, connection } = services.chain;
    const key = ledger ? mint : `${mint}:${[...new Set(wallets)].sort().join(',')}:${basis ?? ''}`;
    const now = services.now().getTime();
    const hit = cache.get(key);
    if (hit && now - hit.at < HOLDERS_CACHE_MS) return hit.balances;
    const read = async (): Promise<AuthorHoldings> => {
      if (ledger) {
        const book = await readHolders(services, mint);
        return { holdings: new Map([...book.balances].filter(([wallet]) => !book.platform.has(wallet))), circulatingTokens: book.circulatingTokens };
      }
      const held = await authorHoldings(connection, mint, wallets);
      const platform = await platformAddressesIn(services, [...held.keys()]);
      return { holdings: new Map([...held].filter(([wallet]) => !platform.has(wallet))), circulatingTokens: basis };
    };
    const balances = read()
      .catch((err: unknown) => {
        services.log.warn({ err, mint }, 'comments: holdings not read, no Holder badges shown');
        cache.delete(key);
        return NONE;
      });
    cache.set(key, { at: now, balances });
    if (cache.size > 2_000) for (const [k, entry] of cache) if (now - entry.at >= HOLDERS_CACHE_MS) cache.delete(k);
    return balances;
  };
});

/** The wallets' associated token accounts of the mint, read from the cluster: wallet -> amount, holders only. */
async function authorHoldings(connection: Connection, mint: string, wallets: string[]): Promise<Map<string, bigint>> {
  const mintKey = new PublicKey(mint);
  const accounts = [...new Set(wallets)].flatMap((wallet) => {
    try {
      return [{ wallet, address: tokenAccountOf(mintKey, new PublicKey(wallet)) }];
    } catch {
      return []; // not a wallet address (off the curve): it has no associated account
    }
  });
  const holdings = new Map<string, bigint>();
  for (let i = 0; i < accounts.length; i += ACCOUNTS_PER_CALL) {
    const chunk = accounts.slice(i, i + ACCOUNTS_PER_CALL);
    const infos = await connection.getMultipleAccountsInfo(chunk.map((a) => a.address), {
      commitment: 'confirmed', dataSlice: { offset: AMOUNT_OFFSET, length: 8 },
    });
    infos.forEach((info, j) => {
      if (!info || !info.owner.equals(TOKEN_2022_PROGRAM_ID) || info.data.length !== 8) return;
      const amount = info.data.readBigUInt64LE(0);
      if (amount > 0n) holdings.set(chunk[j].wallet, amount);
    });
  }
  return holdings;
}
