import { and, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminCommentFilter } from '../../core/schemas/comment';
import { isSolanaAddress } from '../../core/schemas/creation';
import type { CommentRow } from '../commands/postComment';
import { campaignComments, campaigns, commentMutes, commentReports, userProfiles } from '../db/schema';
import { networkKey } from '../http/clientKey';
import { moderationState, presentComment } from '../presenters/comment';
import type { Services } from '../services';
import { isHidden } from './visibility';

type Joined = {
  comment: CommentRow; ticker: string | null; name: string | null; tokenAddress: string | null; username: string | null; photo: string | null;
  creatorReports: number;
};

const select = {
  comment: campaignComments, ticker: campaigns.ticker, name: campaigns.name, tokenAddress: campaigns.tokenAddress,
  username: userProfiles.username, photo: userProfiles.profilePhoto,
  // The campaign's creator's own open reports, told apart from everyone else's.
  creatorReports: sql<number>`(select count(*) from ${commentReports} where ${commentReports.commentId} = ${campaignComments.id}
    and ${commentReports.closedAt} is null and ${commentReports.basis} = 'creator')`.mapWith(Number),
};

const joined = (services: Services) => services.db.select(select).from(campaignComments)
  .innerJoin(campaigns, eq(campaigns.id, campaignComments.campaignId))
  .leftJoin(userProfiles, eq(userProfiles.walletAddress, campaignComments.authorWallet));

/** A comment as the admin sees it: the public fields, its campaign and why it is (not) shown. */
export function presentAdminComment(r: Joined) {
  return {
    ...presentComment(r.comment, { username: r.username, profilePhoto: r.photo }, []),
    campaign: { ticker: r.ticker, name: r.name, token_address: r.tokenAddress },
    ...moderationState(r.comment, r.creatorReports),
  };
}

const filterOf = (filter: AdminCommentFilter): SQL | undefined =>
  filter === 'reported' ? sql`${campaignComments.openReports} > 0` : filter === 'hidden' ? isHidden() : undefined;

/** Search text: a mint or a wallet exactly (base58), else a ticker exactly or a name by part. */
function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (isSolanaAddress(q)) return or(eq(campaigns.tokenAddress, q), eq(campaignComments.authorWallet, q));
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return or(eq(campaigns.ticker, q.toUpperCase().replace(/^\$/, '')), ilike(campaigns.name, `%${escaped}%`));
}

/** GET /api/admin/comments: newest first, keyset on id, with the filters' counts. */
export async function listAdminComments(services: Services, query: { filter: AdminCommentFilter; q?: string; cursor?: number; limit: number }) {
  const where = and(filterOf(query.filter), searchOf(query.q), query.cursor === undefined ? undefined : lt(campaignComments.id, query.cursor));
  const [rows, [reported], [hidden]] = await Promise.all([
    joined(services).where(where).orderBy(desc(campaignComments.id)).limit(query.limit + 1),
    services.db.select({ n: count() }).from(campaignComments).where(filterOf('reported')),
    services.db.select({ n: count() }).from(campaignComments).where(filterOf('hidden')),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    comments: page.map(presentAdminComment),
    next_cursor: rows.length > query.limit ? page[page.length - 1].comment.id : null,
    counts: { reported: reported.n, hidden: hidden.n },
  };
}

/** GET /api/admin/comments/{id}: the comment in context (its parent, its replies), its reports and its author's mute. */
export async function readAdminThread(services: Services, id: number) {
  const [row] = await joined(services).where(eq(campaignComments.id, id));
  if (!row) return null;
  const { parentId } = row.comment;
  const threadId = parentId ?? row.comment.id;
  const [parent, replies, reports, mute] = await Promise.all([
    parentId === null ? Promise.resolve([]) : joined(services).where(eq(campaignComments.id, parentId)),
    joined(services).where(eq(campaignComments.parentId, threadId)).orderBy(campaignComments.id),
    services.db.select().from(commentReports).where(inArray(commentReports.commentId, [id])).orderBy(desc(commentReports.id)),
    services.db.select().from(commentMutes).where(eq(commentMutes.wallet, row.comment.authorWallet)),
  ]);
  const muted = mute[0] && (mute[0].mutedUntil === null || mute[0].mutedUntil > services.now()) ? mute[0] : null;
  return {
    comment: presentAdminComment(row),
    parent: parent[0] ? presentAdminComment(parent[0]) : null,
    replies: replies.map(presentAdminComment),
    reports: reports.map(presentReport),
    author_mute: muted ? { muted_until: muted.mutedUntil?.toISOString() ?? null } : null,
  };
}

/**
 * A report as the admin sees it: reason, when, open or reviewed, what it weighs and why, and who:
 * the wallet (the creator's marked), or the network a signed-out visitor reported from (older
 * reports kept the address: shown as its network).
 */
function presentReport(r: typeof commentReports.$inferSelect) {
  const [kind, ...rest] = r.reporter.split(':');
  const who = rest.join(':');
  return {
    reason: r.reason, created_at: r.createdAt.toISOString(), open: r.closedAt === null,
    weight: r.weight, basis: r.basis, by_creator: r.basis === 'creator',
    reporter: kind === 'w' ? { wallet: who, network: null } : { wallet: null, network: kind === 'n' ? who : networkKey(who) },
  };
}

/** GET /api/admin/comment-mutes: the mutes in force, latest first. */
export async function listMutes(services: Services) {
  const rows = await services.db.select().from(commentMutes)
    .where(or(isNull(commentMutes.mutedUntil), sql`${commentMutes.mutedUntil} > ${services.now()}`)).orderBy(desc(commentMutes.createdAt));
  return { mutes: rows.map((m) => ({ wallet: m.wallet, muted_until: m.mutedUntil?.toISOString() ?? null, muted_by: m.mutedBy, created_at: m.createdAt.toISOString() })) };
}
