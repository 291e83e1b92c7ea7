import { and, eq, sql } from 'drizzle-orm';
import { COMMENT_MESSAGES, type CommentReportReason } from '../../core/schemas/comment';
import { NETWORK_STANDING, weighReporter } from '../comments/reportWeight';
import { isCollapsed } from '../comments/visibility';
import { campaignComments, campaigns, commentReports } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { networkKey } from '../http/clientKey';
import type { Services } from '../services';

/** Who reports: a signed-in wallet, or a signed-out visitor counted by the network of its address. */
export type Reporter = { wallet: string } | { address: string };

/**
 * One report of a comment by one reporter (`w:<wallet>`, or `n:<network>` signed out: a /24 or
 * /48; a second from the same is a 409). The report is weighed first (reportWeight.ts: only a
 * wallet that costs something weighs 1), then stored with the comment's open-report count and
 * weight in one transaction under the comment's row lock, so however many processes take
 * reports at once the weight that collapses it is reached once. A report never hides a comment.
 */
export async function reportComment(services: Services, commentId: number, who: Reporter, reason: CommentReportReason): Promise<{ collapsed: boolean }> {
  const reporter = 'wallet' in who ? `w:${who.wallet}` : `n:${networkKey(who.address)}`;
  const alreadyReported = 'wallet' in who ? COMMENT_MESSAGES.alreadyReported : COMMENT_MESSAGES.alreadyReportedFromNetwork;
  const [target] = await services.db.select({
    id: campaignComments.id, campaignId: campaigns.id, creatorWallet: campaigns.creatorWallet, tokenAddress: campaigns.tokenAddress,
    circulatingTokens: campaigns.circulatingTokens,
    reported: sql<boolean>`exists (select 1 from ${commentReports} where ${commentReports.commentId} = ${campaignComments.id} and ${commentReports.reporter} = ${reporter})`,
  }).from(campaignComments).innerJoin(campaigns, eq(campaigns.id, campaignComments.campaignId)).where(eq(campaignComments.id, commentId));
  if (!target) throw notFound(COMMENT_MESSAGES.notFound);
  // A repeat is refused before the chain is asked anything (the unique index still decides a race).
  if (target.reported) throw conflict(alreadyReported);
  const standing = 'wallet' in who ? await weighReporter(services, { ...target, id: target.campaignId }, who.wallet) : NETWORK_STANDING;

  const result = await services.db.transaction(async (tx) => {
    const [comment] = await tx.select({ id: campaignComments.id, reportWeight: campaignComments.reportWeight })
      .from(campaignComments).where(eq(campaignComments.id, commentId)).for('update');
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    const [stored] = await tx.insert(commentReports).values({ commentId, reporter, reason, weight: standing.weight, basis: standing.basis, createdAt: services.now() })
      .onConflictDoNothing().returning({ id: commentReports.id });
    if (!stored) throw conflict(alreadyReported);
    const [updated] = await tx.update(campaignComments)
      .set({ openReports: sql`${campaignComments.openReports} + 1`, reportWeight: sql`${campaignComments.reportWeight} + ${standing.weight}` })
      .where(and(eq(campaignComments.id, commentId))).returning({ reportWeight: campaignComments.reportWeight });
    return { collapsed: isCollapsed(updated), justCollapsed: isCollapsed(updated) && !isCollapsed(comment) };
  });
  // Reporters stay private: the event names the comment only. A report that collapses the
  // comment changes the public tab (comment_changed); any other only the admin's page.
  await services.events.publish({ type: result.justCollapsed ? 'comment_changed' : 'comment_reported', tokenAddress: target.tokenAddress, id: commentId });
  return { collapsed: result.collapsed };
}
