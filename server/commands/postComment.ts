import { eq } from 'drizzle-orm';
import { COMMENT_MESSAGES, type CommentCreate } from '../../core/schemas/comment';
import { shortAddress } from '../../core/format';
import { campaignComments, campaigns, userProfiles } from '../db/schema';
import { badRequest } from '../http/errors';
import { notifyCommentReply } from '../notifications/notifyWallet';
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
      // A reply under a comment nobody sees would not be seen either (a collapsed one is seen: it takes replies).
      if (parent.hiddenBy !== null) throw badRequest(COMMENT_MESSAGES.parentHidden);
    }
    await lockCommenter(tx, wallet, address);
    await assertMayComment(tx, at, { wallet, address, campaignId, body: input.body });
    const [stored] = await tx.insert(campaignComments).values({
      campaignId, parentId, authorWallet: wallet, clientAddress: address, body: input.body, createdAt: at,
    }).returning();
    return stored;
  });
  await services.events.publish({ type: 'comment_posted', tokenAddress, id: row.id });
  // A reply is committed: its parent's author hears of it (one unread notification per thread; not of their own).
  if (row.parentId !== null) await notifyParentAuthor(services, row, tokenAddress);
  return row;
}

async function notifyParentAuthor(services: Services, reply: CommentRow, tokenAddress: string): Promise<void> {
  try {
    const [parent] = await services.db.select({ author: campaignComments.authorWallet }).from(campaignComments).where(eq(campaignComments.id, reply.parentId!));
    const [campaign] = await services.db.select({ name: campaigns.name, ticker: campaigns.ticker }).from(campaigns).where(eq(campaigns.id, reply.campaignId));
    const [profile] = await services.db.select({ username: userProfiles.username }).from(userProfiles).where(eq(userProfiles.walletAddress, reply.authorWallet));
    if (!parent || !campaign) return;
    await notifyCommentReply(services, {
      campaignId: reply.campaignId, threadId: reply.parentId!, replyId: reply.id, authorWallet: parent.author, replierWallet: reply.authorWallet,
      replierName: profile?.username ?? shortAddress(reply.authorWallet), campaignLabel: `${campaign.name} ($${campaign.ticker})`,
      threadPath: `/campaign/${tokenAddress}?tab=comments`,
    });
  } catch (err) {
    // The reply is stored and answered either way.
    services.log.error({ err, commentId: reply.id }, 'comments: reply notification failed');
  }
}
