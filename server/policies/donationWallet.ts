import { PublicKey, SystemProgram } from '@solana/web3.js';
import { and, inArray, ne } from 'drizzle-orm';
import { CREATION_MESSAGES } from '../../core/schemas/creation';
import { campaigns, curvePools, officialToken, platformKeys } from '../db/schema';
import type { Services } from '../services';
import { DAMM_V2_POOL_AUTHORITY, DBC_POOL_AUTHORITY } from '../chain/ledger/genesis/meteora';

const POOL_AUTHORITIES = new Set([DBC_POOL_AUTHORITY, DAMM_V2_POOL_AUTHORITY]);

/**
 * Of these addresses, the ones that hold SOL the platform moves: a platform key (treasury,
 * pool authority, every funding, distributor, pool and mint key), a campaign's token, pool
 * or distributor address, the official token's, the support wallet, the local faucet, or the DBC and DAMM v2
 * pool authorities (owners of every pool's vaults, issue 36). SOL such an address
 * sends is never a donation, and none of them may be a campaign's donation wallet (its
 * inflows, pool buys and creation fees, would be credited as donations).
 */
export async function platformAddressesAmong(services: Services, addresses: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(addresses)];
  // The local ledger's faucet too: test SOL is nobody's gift.
  const faucet = await services.chain.faucetAddress();
  // The pool programs' authorities own the pools' vaults: the curve's tokens are nobody's holding, and no wallet's.
  const found = new Set(list.filter((a) => a === services.env.SUPPORT_WALLET || a === faucet || POOL_AUTHORITIES.has(a)));
  if (list.length === 0) return found;
  const { db } = services;
  const rows = await Promise.all([
    // Demo wallets (local mode) stand for people: their trades and gifts are the demo's donors'.
    db.select({ a: platformKeys.publicKey }).from(platformKeys).where(and(inArray(platformKeys.publicKey, list), ne(platformKeys.role, 'demo'))),
    ...[campaigns.tokenAddress, campaigns.poolAddress, campaigns.distributorWallet, campaigns.campaignWallet]
      .map((column) => db.select({ a: column }).from(campaigns).where(inArray(column, list))),
    ...[curvePools.poolWallet, curvePools.mint, curvePools.dammPool].map((column) => db.select({ a: column }).from(curvePools).where(inArray(column, list))),
    ...[officialToken.tokenAddress, officialToken.poolAddress, officialToken.distributorWallet]
      .map((column) => db.select({ a: column }).from(officialToken).where(inArray(column, list))),
  ]);
  for (const { a } of rows.flat()) if (a) found.add(a);
  return found;
}

/**
 * Why this address may not be a campaign's donation wallet, or null when it may: a
 * platform address, or an existing account owned by a program other than the System
 * program (a token account, a mint, a program: SOL sent there is not a wallet's to
 * spend). An address with no account yet is a new wallet; a multisig vault (a System
 * address off the curve, as Squads keeps) is a wallet too.
 */
export async function donationWalletRefusal(services: Services, address: string): Promise<string | null> {
  if ((await platformAddressesAmong(services, [address])).size > 0) return CREATION_MESSAGES.donationWalletPlatform;
  const account = await services.chain.connection.getAccountInfo(new PublicKey(address), 'confirmed');
  return account && !account.owner.equals(SystemProgram.programId) ? CREATION_MESSAGES.donationWalletNotWallet : null;
}
