import { eq } from 'drizzle-orm';
import { COMMENT_MESSAGES, COMMENT_REPORTS_TO_HOLD, type CommentCreate } from '../../core/schemas/comment';
import { campaignComments } from '../db/schema';
import { badRequest } from '../http/errors';
import { assertMayComment, lockCommenter } from '../policies/commentLimits';
import type { Services } from '../services';

export type CommentRow = typeof campaignComments.$inferSelect;

type Props = { campaignId: number; tokenAddress: string; wallet: string; address: string; input: CommentCreate };

/**
 * Stores a wallet's comment or reply on a campaign, then tells every open page. Replies go
 * one level deep, to a comment of the same campaign. The limits, the mute and the duplicate
 * check run in the same transaction as the insert, under the wallet's and address's locks.
 * Nothing is stored when anything refuses.
 *
 * This is the one place a reply is created: "notify the parent's author" belongs after the
 * commit below (marked), where the reply's parent_id is known.
 */
export async function postComment(services: Services, { campaignId, tokenAddress, wallet, address, input }: Props): Promise<CommentRow> {
  const at = services.now();
  const row = await services.db.transaction(async (tx) => {
    const parentId = input.parent_id ?? null;
    if (parentId !== null) {
      const [parent] = await tx.select().from(campaignComments).where(eq(campaignComments.id, parentId));
      if (!parent) throw badRequest(COMMENT_MESSAGES.parentNotFound);
      if (parent.campaignId !== campaignId) throw badRequest(COMMENT_MESSAGES.parentOtherCampaign);
      if (parent.parentId !== null) throw badRequest(COMMENT_MESSAGES.replyToReply);
      // A reply under a comment nobody sees would not be seen either.
      if (parent.hiddenBy !== null || parent.openReports >= COMMENT_REPORTS_TO_HOLD) throw badRequest(COMMENT_MESSAGES.parentHidden);
    }
    await lockCommenter(tx, wallet, address);
    await assertMayComment(tx, at, { wallet, address, campaignId, body: input.body });
    const [stored] = await tx.insert(campaignComments).values({
      campaignId, parentId, authorWallet: wallet, clientAddress: address, body: input.body, createdAt: at,
    }).returning();
    return stored;
  });
  await services.events.publish({ type: 'comment_posted', tokenAddress, id: row.id });
  // Hook point (notifications): a reply (row.parentId !== null) is committed here; "notify the
  // parent's author" goes right here, the one place replies are created. Nothing is called yet.
  return row;
}
