import { and, eq, gt, or, sql } from 'drizzle-orm';
import {
  COMMENT_DUPLICATE_MS, COMMENT_MESSAGES, COMMENTS_PER_DAY, COMMENTS_PER_MINUTE,
} from '../../core/schemas/comment';
import type { Db } from '../db/client';
import { campaignComments, commentMutes } from '../db/schema';
import { conflict, forbidden, tooManyRequests } from '../http/errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE_MS = 60_000;
/** The longest window the comment limits count (the daily cap, the duplicate check): a row's address is kept this long. */
export const COMMENT_LIMIT_DAY_MS = 24 * 3_600_000;
const DAY_MS = COMMENT_LIMIT_DAY_MS;

/** How a mute's end reads in its refusal: UTC, to the minute. */
export function muteEndText(until: Date): string {
  return `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Whether this wallet may post now (run inside the posting transaction, after it took the
 * wallet's and the address's advisory locks, so two posts never both pass the last slot):
 *  - not muted (403 naming when the mute ends);
 *  - at most 5 comments a minute and 100 a day per wallet and per client address (429 with
 *    Retry-After: when the oldest counted comment leaves its window), counted from the
 *    comment rows, so the limits hold across every web process of a fleet;
 *  - not the same text on the same campaign within 24 hours (409).
 * All three read the day's rows through the author and address indexes.
 */
export async function assertMayComment(tx: Tx, at: Date, who: { wallet: string; address: string; campaignId: number; body: string }): Promise<void> {
  const now = at.getTime();
  const minuteAgo = new Date(now - MINUTE_MS);
  const byWallet = eq(campaignComments.authorWallet, who.wallet);
  const byAddress = eq(campaignComments.clientAddress, who.address);
  const n = (where: ReturnType<typeof sql>) => sql`count(*) filter (where ${where})`.mapWith(Number);
  const oldest = (where: ReturnType<typeof sql>) => sql`extract(epoch from min(${campaignComments.createdAt}) filter (where ${where})) * 1000`.mapWith(Number);
  const walletRecent = sql`${byWallet} and ${campaignComments.createdAt} > ${minuteAgo}`;
  const addressRecent = sql`${byAddress} and ${campaignComments.createdAt} > ${minuteAgo}`;
  const [row] = await tx.select({
    walletDay: n(sql`${byWallet}`), addressDay: n(sql`${byAddress}`),
    walletMinute: n(walletRecent), addressMinute: n(addressRecent),
    walletDayOldest: oldest(sql`${byWallet}`), addressDayOldest: oldest(sql`${byAddress}`),
    walletMinuteOldest: oldest(walletRecent), addressMinuteOldest: oldest(addressRecent),
    duplicate: n(sql`${byWallet} and ${campaignComments.campaignId} = ${who.campaignId} and ${campaignComments.body} = ${who.body}
      and ${campaignComments.createdAt} > ${new Date(now - COMMENT_DUPLICATE_MS)}`),
    // The mute rides along (one round trip): 'none', 'forever', or when it ends (ms).
    mute: sql<string>`coalesce((select coalesce((extract(epoch from ${commentMutes.mutedUntil}) * 1000)::bigint::text, 'forever')
      from ${commentMutes} where ${commentMutes.wallet} = ${who.wallet}), 'none')`,
  }).from(campaignComments)
    .where(and(gt(campaignComments.createdAt, new Date(now - DAY_MS)), or(byWallet, byAddress)));

  if (row.mute === 'forever') throw forbidden(COMMENT_MESSAGES.mutedForever);
  if (row.mute !== 'none' && Number(row.mute) > now) throw forbidden(COMMENT_MESSAGES.mutedUntil(muteEndText(new Date(Number(row.mute)))));

  const retry = (oldestMs: number | null, windowMs: number) => (oldestMs ? oldestMs + windowMs - now : windowMs);
  if (row.walletMinute >= COMMENTS_PER_MINUTE) throw tooManyRequests(COMMENT_MESSAGES.tooFast, retry(row.walletMinuteOldest, MINUTE_MS));
  if (row.addressMinute >= COMMENTS_PER_MINUTE) throw tooManyRequests(COMMENT_MESSAGES.tooFast, retry(row.addressMinuteOldest, MINUTE_MS));
  if (row.walletDay >= COMMENTS_PER_DAY) throw tooManyRequests(COMMENT_MESSAGES.tooManyToday, retry(row.walletDayOldest, DAY_MS));
  if (row.addressDay >= COMMENTS_PER_DAY) throw tooManyRequests(COMMENT_MESSAGES.tooManyToday, retry(row.addressDayOldest, DAY_MS));
  if (row.duplicate > 0) throw conflict(COMMENT_MESSAGES.duplicate);
}

/** Serialises one wallet's (and one address's) posts for the rest of the transaction. */
export async function lockCommenter(tx: Tx, wallet: string, address: string): Promise<void> {
  // One statement, wallet first, then address (select-list order): two transactions can never wait on each other in a cycle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comment:w:${wallet}`})), pg_advisory_xact_lock(hashtext(${`comment:a:${address}`}))`);
}
