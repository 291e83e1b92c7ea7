import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { CommentJson, CommentPage } from '../../core/schemas/comment';
import type { CommentRow } from '../commands/postComment';
import { campaignComments, userProfiles } from '../db/schema';
import type { CampaignRow } from '../presenters/campaign';
import { presentComment } from '../presenters/comment';
import type { Services } from '../services';
import { loadBadges } from './authors';
import { isCollapsed, isVisible, isVisibleToCreator } from './visibility';

type Row = { comment: CommentRow; username: string | null; photo: string | null };

/** Comments with their authors' profiles, in the same statement. */
const withProfiles = (services: Services, where: SQL | undefined) => services.db
  .select({ comment: campaignComments, username: userProfiles.username, photo: userProfiles.profilePhoto })
  .from(campaignComments).leftJoin(userProfiles, eq(userProfiles.walletAddress, campaignComments.authorWallet)).where(where);

/**
 * One page of a campaign's visible threads, newest first, keyset on id (`cursor`: the last
 * id of the previous page), each with its visible replies oldest first; the first page also
 * carries the pinned comment (left out of the list, so it is shown once). The campaign's
 * creator also gets the comments they hid (marked `hidden`), so they can show them again. A
 * comment whose open reports weigh enough is marked `collapsed` (its text still sent: the page
 * shows it on a click). Reads walk
 * campaign_comments_threads_idx, campaign_comments_one_pin_idx and campaign_comments_replies_idx:
 * three statements (two after the first page) and one for the badges, whatever the thread's length.
 */
export async function readThreadPage(services: Services, campaign: CampaignRow, page: { cursor?: number; limit: number }, viewerIsCreator = false): Promise<Omit<CommentPage, 'viewer_is_creator'>> {
  const visible = viewerIsCreator ? isVisibleToCreator : isVisible;
  const first = page.cursor === undefined;
  const threads = await withProfiles(services, and(
    eq(campaignComments.campaignId, campaign.id), isNull(campaignComments.parentId), isNull(campaignComments.pinnedAt), visible(),
    page.cursor === undefined ? undefined : lt(campaignComments.id, page.cursor),
  )).orderBy(desc(campaignComments.id)).limit(page.limit + 1);
  const [pinned] = first
    ? await withProfiles(services, and(eq(campaignComments.campaignId, campaign.id), isNotNull(campaignComments.pinnedAt), visible()))
    : [];
  const more = threads.length > page.limit;
  const list = threads.slice(0, page.limit);
  const shown = pinned ? [pinned, ...list] : list;
  const replies = shown.length === 0 ? [] : await withProfiles(services, and(inArray(campaignComments.parentId, shown.map((r) => r.comment.id)), visible()))
    .orderBy(asc(campaignComments.parentId), asc(campaignComments.id));
  const badges = await loadBadges(services, campaign, [...shown, ...replies].map((r) => r.comment.authorWallet));
  const present = (r: Row): CommentJson => {
    const json = presentComment(r.comment, { username: r.username, profilePhoto: r.photo }, badges(r.comment.authorWallet));
    return {
      ...json,
      ...(r.comment.hiddenBy === 'creator' ? { hidden: true as const } : {}),
      ...(isCollapsed(r.comment) ? { collapsed: true as const } : {}),
    };
  };
  const repliesOf = new Map<number, CommentJson[]>();
  for (const r of replies) {
    const parentId = r.comment.parentId!;
    repliesOf.set(parentId, [...(repliesOf.get(parentId) ?? []), present(r)]);
  }
  const thread = (r: Row): CommentJson => ({ ...present(r), replies: repliesOf.get(r.comment.id) ?? [] });
  return {
    pinned: pinned ? thread(pinned) : null,
    comments: list.map(thread),
    next_cursor: more ? list[list.length - 1].comment.id : null,
  };
}
