import { and, eq, sql } from 'drizzle-orm';
import { COMMENT_MESSAGES, COMMENT_REPORTS_TO_HOLD, type CommentReportReason } from '../../core/schemas/comment';
import { campaignComments, campaigns, commentReports } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import type { Services } from '../services';

/**
 * One report of a comment by one reporter (`w:<wallet>` or `a:<address>`; a second is a 409).
 * The comment's open-report count moves in the same transaction, so the third open report
 * holds it for review however many processes take reports at once.
 */
export async function reportComment(services: Services, commentId: number, reporter: string, reason: CommentReportReason): Promise<{ held: boolean }> {
  const result = await services.db.transaction(async (tx) => {
    const [comment] = await tx.select({ id: campaignComments.id, tokenAddress: campaigns.tokenAddress })
      .from(campaignComments).innerJoin(campaigns, eq(campaigns.id, campaignComments.campaignId))
      .where(eq(campaignComments.id, commentId)).for('update', { of: campaignComments });
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    const [stored] = await tx.insert(commentReports).values({ commentId, reporter, reason, createdAt: services.now() })
      .onConflictDoNothing().returning({ id: commentReports.id });
    if (!stored) throw conflict(COMMENT_MESSAGES.alreadyReported);
    const [updated] = await tx.update(campaignComments).set({ openReports: sql`${campaignComments.openReports} + 1` })
      .where(and(eq(campaignComments.id, commentId))).returning({ openReports: campaignComments.openReports });
    return { tokenAddress: comment.tokenAddress, held: updated.openReports >= COMMENT_REPORTS_TO_HOLD, justHeld: updated.openReports === COMMENT_REPORTS_TO_HOLD };
  });
  // Reporters stay private: the event names the comment only. A report that holds the comment
  // changes the public tab (comment_changed); any other only the admin's page.
  await services.events.publish({ type: result.justHeld ? 'comment_changed' : 'comment_reported', tokenAddress: result.tokenAddress, id: commentId });
  return { held: result.held };
}
