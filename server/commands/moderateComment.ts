import { and, eq, isNull } from 'drizzle-orm';
import { COMMENT_MESSAGES } from '../../core/schemas/comment';
import { campaignComments, campaigns, commentReports } from '../db/schema';
import { notFound } from '../http/errors';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

type Tx = Parameters<Parameters<Services['db']['transaction']>[0]>[0];

/** The comment, locked, with its campaign's mint for the audit row and the event (404 inside the transaction: no audit row). */
async function lockComment(tx: Tx, id: number) {
  const [row] = await tx.select({ comment: campaignComments, tokenAddress: campaigns.tokenAddress, ticker: campaigns.ticker })
    .from(campaignComments).innerJoin(campaigns, eq(campaigns.id, campaignComments.campaignId))
    .where(eq(campaignComments.id, id)).for('update', { of: campaignComments });
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

const closeReports = (tx: Tx, id: number, at: Date) =>
  tx.update(commentReports).set({ closedAt: at }).where(and(eq(commentReports.commentId, id), isNull(commentReports.closedAt)));

/**
 * The admin's decision on a comment, audited: 'hide' hides it for good (whoever hid it before;
 * the one way a report leads to a hide) and 'restore' shows it again, no longer collapsed
 * (clearing a creator's hide too). Either closes its open reports: they have been reviewed, so
 * a restored comment is not collapsed again by the same reports.
 */
export async function moderateComment(services: Services, actor: AdminActor, id: number, action: 'hide' | 'restore'): Promise<void> {
  const at = services.now();
  const { tokenAddress } = await adminWrite(services.db, actor, (r: Awaited<ReturnType<typeof lockComment>>) => ({
    action: action === 'hide' ? 'comment_hidden' : 'comment_restored',
    target: `comment:${id}`,
    details: {
      campaign_ticker: r.ticker, token_address: r.tokenAddress, author_wallet: r.comment.authorWallet,
      before: { hidden_by: r.comment.hiddenBy, open_reports: r.comment.openReports, report_weight: r.comment.reportWeight },
    },
  }), async (tx) => {
    const row = await lockComment(tx, id);
    await tx.update(campaignComments)
      .set(action === 'hide' ? { hiddenBy: 'admin', hiddenAt: at, openReports: 0, reportWeight: 0 } : { hiddenBy: null, hiddenAt: null, openReports: 0, reportWeight: 0 })
      .where(eq(campaignComments.id, id));
    await closeReports(tx, id, at);
    return row;
  });
  await services.events.publish({ type: 'comment_changed', tokenAddress, id });
}

/** The admin deletes a comment and its replies and reports for good; the audit row keeps its text. */
export async function deleteComment(services: Services, actor: AdminActor, id: number): Promise<void> {
  const { tokenAddress } = await adminWrite(services.db, actor, (r: Awaited<ReturnType<typeof lockComment>>) => ({
    action: 'comment_deleted',
    target: `comment:${id}`,
    details: {
      campaign_ticker: r.ticker, token_address: r.tokenAddress, author_wallet: r.comment.authorWallet,
      parent_id: r.comment.parentId, body: r.comment.body, created_at: r.comment.createdAt.toISOString(),
    },
  }), async (tx) => {
    const row = await lockComment(tx, id);
    await tx.delete(campaignComments).where(eq(campaignComments.id, id));
    return row;
  });
  await services.events.publish({ type: 'comment_changed', tokenAddress, id });
}
