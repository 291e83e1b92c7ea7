import { and, asc, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { CommentJson, CommentPage } from '../../core/schemas/comment';
import type { CommentRow } from '../commands/postComment';
import { campaignComments } from '../db/schema';
import type { CampaignRow } from '../presenters/campaign';
import { presentComment } from '../presenters/comment';
import type { Services } from '../services';
import { loadAuthors } from './authors';
import { isVisible } from './visibility';

/**
 * One page of a campaign's visible threads, newest first, keyset on id (`cursor`: the last
 * id of the previous page), each with its visible replies oldest first; the first page also
 * carries the pinned comment (left out of the list, so it is shown once). Reads walk
 * campaign_comments_threads_idx and campaign_comments_replies_idx.
 */
export async function readThreadPage(services: Services, campaign: CampaignRow, page: { cursor?: number; limit: number }): Promise<Omit<CommentPage, 'viewer_is_creator'>> {
  const { db } = services;
  const first = page.cursor === undefined;
  const [threads, pinned] = await Promise.all([
    db.select().from(campaignComments).where(and(
      eq(campaignComments.campaignId, campaign.id), isNull(campaignComments.parentId), isNull(campaignComments.pinnedAt), isVisible(),
      page.cursor === undefined ? undefined : lt(campaignComments.id, page.cursor),
    )).orderBy(desc(campaignComments.id)).limit(page.limit + 1),
    first
      ? db.select().from(campaignComments).where(and(eq(campaignComments.campaignId, campaign.id), isNotNull(campaignComments.pinnedAt), isVisible()))
      : Promise.resolve([] as CommentRow[]),
  ]);
  const more = threads.length > page.limit;
  const shown = [...(pinned[0] ? [pinned[0]] : []), ...threads.slice(0, page.limit)];
  const replies = shown.length === 0 ? [] : await db.select().from(campaignComments)
    .where(and(inArray(campaignComments.parentId, shown.map((c) => c.id)), isVisible()))
    .orderBy(asc(campaignComments.parentId), asc(campaignComments.id));
  const authors = await loadAuthors(services, campaign, [...shown, ...replies].map((c) => c.authorWallet));
  const present = (row: CommentRow): CommentJson => presentComment(row, authors.profile(row.authorWallet), authors.badges(row.authorWallet));
  const thread = (row: CommentRow): CommentJson => ({ ...present(row), replies: replies.filter((r) => r.parentId === row.id).map(present) });
  const list = threads.slice(0, page.limit);
  return {
    pinned: pinned[0] ? thread(pinned[0]) : null,
    comments: list.map(thread),
    next_cursor: more ? list[list.length - 1].id : null,
  };
}
