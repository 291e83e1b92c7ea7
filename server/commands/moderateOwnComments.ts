import { and, eq, isNotNull } from 'drizzle-orm';
import { COMMENT_MESSAGES } from '../../core/schemas/comment';
import { campaignComments } from '../db/schema';
import { notFound } from '../http/errors';
import type { Services } from '../services';

type Scope = { campaignId: number; tokenAddress: string; commentId: number };

/** Loads a comment of this campaign (404 otherwise: another campaign's comment is not the creator's to touch). */
async function ownComment(services: Services, { campaignId, commentId }: Scope) {
  const [row] = await services.db.select().from(campaignComments)
    .where(and(eq(campaignComments.id, commentId), eq(campaignComments.campaignId, campaignId)));
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

/**
 * The creator pins one comment on their campaign (a top-level one; pinning another unpins
 * the first, in one transaction, under the one-pin unique index) or unpins it.
 */
export async function pinComment(services: Services, scope: Scope, pinned: boolean): Promise<void> {
  const row = await ownComment(services, scope);
  if (row.parentId !== null) throw notFound(COMMENT_MESSAGES.notFound);
  await services.db.transaction(async (tx) => {
    await tx.update(campaignComments).set({ pinnedAt: null })
      .where(and(eq(campaignComments.campaignId, scope.campaignId), isNotNull(campaignComments.pinnedAt)));
    if (pinned) await tx.update(campaignComments).set({ pinnedAt: services.now() }).where(eq(campaignComments.id, row.id));
  });
  await services.events.publish({ type: 'comment_changed', tokenAddress: scope.tokenAddress, id: row.id });
}

/**
 * The creator hides a comment on their campaign (its replies go with it) or shows again one
 * they hid; one an admin hid stays hidden until an admin restores it.
 */
export async function hideOwnComment(services: Services, scope: Scope, hidden: boolean): Promise<void> {
  const row = await ownComment(services, scope);
  if (row.hiddenBy === 'admin') return;
  await services.db.update(campaignComments)
    .set(hidden ? { hiddenBy: 'creator', hiddenAt: services.now() } : { hiddenBy: null, hiddenAt: null })
    .where(eq(campaignComments.id, row.id));
  await services.events.publish({ type: 'comment_changed', tokenAddress: scope.tokenAddress, id: row.id });
}
