// The one holder count (core/holders.ts) as the server reads it: every owner's balance of the
// mint from the chain, and which of those owners are platform keys. The market figures, the
// campaign row the lists read, the trust panel, the Holders tab and the comment badges all
// count and share through readHolders, so one campaign shows one number everywhere.

import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { countHolders, type HolderCount } from '../../core/holders';
import { keyName } from '../chain/keyNames';
import type { ChainService } from '../chain/service';
import { platformAddressesAmong } from '../policies/donationWallet';
import type { Services } from '../services';

// A token account's layout starts mint (32) | owner (32) | amount (u64 LE).
const MINT_OFFSET = 0;
const OWNER_OFFSET = 32;
const AMOUNT_OFFSET = 64;

/**
 * Every wallet holding the mint and how much (its token accounts summed), read from the chain,
 * not from our trades, so wallet-to-wallet transfers count too: the local ledger's mint index
 * in-process (the accounts its getProgramAccounts returns, without the JSON-RPC encoding), or
 * one getProgramAccounts through the chain service on a cluster, where only the 40 owner and
 * amount bytes of each account travel. Empty accounts are left out.
 */
export async function holderBalances(chain: Pick<ChainService, 'connection' | 'ledger'>, mint: string): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  const add = (ownerBytes: Uint8Array, amount: bigint) => {
    if (amount <= 0n) return;
    const owner = keyName(ownerBytes);
    balances.set(owner, (balances.get(owner) ?? 0n) + amount);
  };
  const ledger = chain.ledger;
  if (ledger) {
    for (const { account } of ledger.getProgramAccountsByMint(TOKEN_2022_PROGRAM_ID.toBase58(), new PublicKey(mint).toBytes())) {
      if (account.data.length < AMOUNT_OFFSET + 8) continue;
      const data = Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength);
      add(data.subarray(OWNER_OFFSET, OWNER_OFFSET + 32), data.readBigUInt64LE(AMOUNT_OFFSET));
    }
    return balances;
  }
  const accounts = await chain.connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
    commitment: 'confirmed',
    filters: [{ memcmp: { offset: MINT_OFFSET, bytes: new PublicKey(mint).toBase58() } }],
    dataSlice: { offset: OWNER_OFFSET, length: 40 },
  });
  for (const { account } of accounts) {
    if (account.data.length === 40) add(account.data.subarray(0, 32), account.data.readBigUInt64LE(32));
  }
  return balances;
}

// Each lookup binds every address once per platform column: chunks keep a token with many
// holders under PostgreSQL's 65,535 bound parameters.
const PLATFORM_LOOKUP_CHUNK = 5_000;
const KNOWN_ADDRESSES_MAX = 200_000;

// Whether an address is a platform key does not change (keys are made new, never taken over
// from a holder): kept per Services, as the donation indexer keeps it, so a count looks up
// only holders it has not seen before (10,000 holders cost ~1 s of lookups on PGlite otherwise).
const knownByServices = new WeakMap<Services, Map<string, boolean>>();

/** Which of these addresses are platform keys (server/policies/donationWallet.ts), each looked up once per process. */
export async function platformAddressesIn(services: Services, addresses: string[]): Promise<Set<string>> {
  let known = knownByServices.get(services);
  if (!known) knownByServices.set(services, known = new Map());
  const unknown = [...new Set(addresses.filter((a) => !known.has(a)))];
  if (known.size + unknown.length > KNOWN_ADDRESSES_MAX) known.clear();
  for (let i = 0; i < unknown.length; i += PLATFORM_LOOKUP_CHUNK) {
    const chunk = unknown.slice(i, i + PLATFORM_LOOKUP_CHUNK);
    const platform = await platformAddressesAmong(services, chunk);
    for (const a of chunk) known.set(a, platform.has(a));
  }
  return new Set(addresses.filter((a) => known.get(a) ?? false));
}

export type HolderBook = HolderCount & {
  /** Every owner's balance, platform keys included (the Holders tab labels them). */
  balances: Map<string, bigint>;
  /** The owners among them that are platform keys. */
  platform: Set<string>;
};

/** The mint's holders under the one definition: the count, the circulating supply, and the balances they come from. */
export async function readHolders(services: Services, mint: string): Promise<HolderBook> {
  const balances = await holderBalances(services.chain, mint);
  const platform = await platformAddressesIn(services, [...balances.keys()]);
  return { ...countHolders(balances, (wallet) => platform.has(wallet)), balances, platform };
}
