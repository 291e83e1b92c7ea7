import { and, eq, inArray } from 'drizzle-orm';
import type { DonationWalletKind } from '../../core/trust';
import type { Db } from '../db/client';
import { verifiedCharities } from '../db/schema';
import { isProven, proofsFor } from './walletControl';

export type Recipient = { kind: DonationWalletKind; charityName: string | null };
type Pair = { creatorWallet: string; donationWallet: string | null };

/**
 * What each donation wallet is to its campaign's creator: an active verified charity
 * (named), the creator's own wallet, a wallet that signed its consent (proven), or none of
 * these. Two queries for any number of pairs, so a donor's CSV asks once, not per row.
 */
export async function recipientsOf(db: Db, pairs: readonly Pair[]): Promise<(pair: Pair) => Recipient> {
  const wallets = [...new Set(pairs.flatMap((p) => (p.donationWallet ? [p.donationWallet] : [])))];
  const [charities, proofs] = wallets.length === 0 ? [[], new Map<string, Set<string>>()] : await Promise.all([
    db.select({ wallet: verifiedCharities.walletAddress, name: verifiedCharities.name }).from(verifiedCharities)
      .where(and(inArray(verifiedCharities.walletAddress, wallets), eq(verifiedCharities.isActive, true))),
    proofsFor(db, wallets),
  ]);
  const charityByWallet = new Map(charities.map((c) => [c.wallet, c.name]));
  return (pair) => {
    const wallet = pair.donationWallet;
    if (!wallet) return { kind: 'none', charityName: null };
    const charityName = charityByWallet.get(wallet);
    if (charityName !== undefined) return { kind: 'verified_charity', charityName };
    if (wallet === pair.creatorWallet) return { kind: 'creator_wallet', charityName: null };
    return { kind: isProven(pair, proofs) ? 'proven' : 'unproven', charityName: null };
  };
}
