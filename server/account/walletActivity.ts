import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { priceLamportsPerToken } from '../../core/curve';
import { campaigns, curvePools, curveTrades, donations } from '../db/schema';
import type { Services } from '../services';
import { stateOfPool } from '../curve/pools';

// A token account starts mint (32) | owner (32) | amount (u64 LE).
const AMOUNT_OFFSET = 64;
export const ACTIVITY_LIMIT = 50;

const campaignColumns = { id: campaigns.id, tokenAddress: campaigns.tokenAddress, ticker: campaigns.ticker, name: campaigns.name, title: campaigns.title, imageUrl: campaigns.imageUrl };

/**
 * The wallet's positive balances of platform campaign tokens, read from the chain, each
 * valued at its curve's spot price (lamports, rounded down).
 */
export async function walletHoldings(services: Services, wallet: string) {
  const accounts = await services.chain.connection.getTokenAccountsByOwner(new PublicKey(wallet), { programId: TOKEN_2022_PROGRAM_ID }, 'confirmed');
  const amounts = new Map<string, bigint>();
  for (const { account } of accounts.value) {
    const data = Buffer.from(account.data);
    const mint = new PublicKey(data.subarray(0, 32)).toBase58();
    const amount = data.readBigUInt64LE(AMOUNT_OFFSET);
    if (amount > 0n) amounts.set(mint, (amounts.get(mint) ?? 0n) + amount);
  }
  if (amounts.size === 0) return [];
  const mints = [...amounts.keys()];
  const [rows, pools] = await Promise.all([
    services.db.select(campaignColumns).from(campaigns).where(and(inArray(campaigns.tokenAddress, mints), eq(campaigns.isTest, false))),
    services.db.select().from(curvePools).where(inArray(curvePools.mint, mints)),
  ]);
  const poolOf = new Map(pools.map((p) => [p.mint, p]));
  return rows.map((row) => {
    const amount = amounts.get(row.tokenAddress!)!;
    const pool = poolOf.get(row.tokenAddress!);
    const price = pool ? priceLamportsPerToken(stateOfPool(pool)) : null;
    // Base units × lamports per whole token / 10^9 base units per token.
    const valueLamports = price ? (amount * price.num) / (price.den * 1_000_000_000n) : null;
    return { campaign: row, amount, valueLamports };
  }).sort((a, b) => Number((b.valueLamports ?? 0n) - (a.valueLamports ?? 0n)));
}

/** The wallet's newest curve trades, with their campaigns. */
export function walletTrades(services: Services, wallet: string) {
  return services.db.select({ trade: curveTrades, campaign: campaignColumns }).from(curveTrades)
    .innerJoin(campaigns, eq(campaigns.tokenAddress, curveTrades.mint))
    .where(eq(curveTrades.wallet, wallet))
    .orderBy(desc(curveTrades.blockTime)).limit(ACTIVITY_LIMIT);
}

/** The wallet's newest counted direct donations, as the indexer found them, with their campaigns. */
export function walletDonations(services: Services, wallet: string) {
  return services.db.select({ donation: donations, campaign: campaignColumns }).from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(eq(donations.fromWallet, wallet), eq(donations.kind, 'direct'), gt(donations.lamports, 0n)))
    .orderBy(desc(donations.blockTime)).limit(ACTIVITY_LIMIT);
}
