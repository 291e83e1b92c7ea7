// Who shares in the official token's holder rewards: the owners of its token accounts
// holding at least HOLDER_REWARD_MIN_TOKENS, leaving out the platform's own wallets (the
// pool, the distributor, the treasury, launch wallets: every platform key but the demo
// traders, who stand in for people) and the DBC and DAMM v2 pools' vaults.

import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { and, inArray, ne } from 'drizzle-orm';
import { TOKEN_DECIMALS } from '../../../core/constants';
import type { Holding } from '../../../core/officialSplit';
import { DAMM_V2_POOL_AUTHORITY, DBC_POOL_AUTHORITY } from '../../chain/ledger/genesis/meteora';
import { platformKeys } from '../../db/schema';
import type { Services } from '../../services';

// A token account's base layout: mint (32), owner (32), amount (u64 LE).
const OWNER_OFFSET = 32;
const AMOUNT_OFFSET = 64;

function decode(data: Uint8Array): { owner: string; amount: bigint } | null {
  if (data.length < AMOUNT_OFFSET + 8) return null;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return { owner: new PublicKey(buf.subarray(OWNER_OFFSET, AMOUNT_OFFSET)).toBase58(), amount: buf.readBigUInt64LE(AMOUNT_OFFSET) };
}

async function tokenAccounts(services: Services, mint: string): Promise<{ owner: string; amount: bigint }[]> {
  const { ledger, connection } = services.chain;
  const raw = ledger
    ? ledger.getProgramAccountsByMint(TOKEN_2022_PROGRAM_ID.toBase58(), new PublicKey(mint).toBytes()).map((a) => a.account.data)
    : (await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: mint } }] }))
      .map((a) => a.account.data);
  return raw.map(decode).filter((a): a is { owner: string; amount: bigint } => a !== null);
}

/** Eligible holdings, one per owner, largest first (ties by address, so every run orders them alike). */
export async function eligibleHolders(services: Services, mint: string): Promise<Holding[]> {
  const min = services.env.HOLDER_REWARD_MIN_TOKENS * 10n ** BigInt(TOKEN_DECIMALS);
  const byOwner = new Map<string, bigint>();
  for (const a of await tokenAccounts(services, mint)) byOwner.set(a.owner, (byOwner.get(a.owner) ?? 0n) + a.amount);
  const candidates = [...byOwner].filter(([, tokens]) => tokens > 0n && tokens >= min);
  if (candidates.length === 0) return [];
  const platform = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const owners = candidates.slice(i, i + 1000).map(([owner]) => owner);
    const rows = await services.db.select({ key: platformKeys.publicKey }).from(platformKeys)
      .where(and(inArray(platformKeys.publicKey, owners), ne(platformKeys.role, 'demo')));
    for (const r of rows) platform.add(r.key);
  }
  const official = await services.keys.getOrCreate('demo', 'official-creator');
  platform.add(official.publicKey.toBase58());
  // The pools' vaults: DBC's curve and DAMM v2's graduated pool hold the token under their programs' authorities.
  platform.add(DBC_POOL_AUTHORITY).add(DAMM_V2_POOL_AUTHORITY);
  return candidates.filter(([owner]) => !platform.has(owner))
    .map(([owner, tokens]) => ({ owner, tokens }))
    .sort((a, b) => (a.tokens === b.tokens ? a.owner.localeCompare(b.owner) : a.tokens > b.tokens ? -1 : 1));
}
