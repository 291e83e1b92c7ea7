import { and, eq, isNull, sql } from 'drizzle-orm';
import { notificationRecipients, notifications } from '../db/schema';
import type { Services } from '../services';
import { announceNotifications } from './events';
import { recordNotification } from './record';
import { addToDigest, startDigest, type NewReply, type ReplyDigest } from './replyDigest';

export type CommentReply = NewReply & {
  /** The campaign the comment is on. */
  campaignId: number;
  /** The wallet that wrote the comment replied to (told); nothing is sent when it wrote the reply itself. */
  authorWallet: string;
};

/**
 * The comments feature's hook: tells a comment's author of a reply (kind 'comment_reply'), in
 * the bell and, when they chose it, by mail. One unread notification per (author, thread): while
 * it is unread, each new reply updates it in place ('N new replies ... from alice, bob and 3
 * others'; it keeps its place and links to the first unread reply), so a flood of replies is one
 * notification and, with mail on, one mail; once it is read, the next reply starts a new one
 * (a new mail, under the hourly cap, EMAILS_PER_HOUR). Serialised per (author, thread) by an
 * advisory lock, so replies through several processes at once still make one. A reply counts
 * once however often this is called. Answers the notification's id, or null when nothing changed.
 */
export async function notifyCommentReply(services: Services, reply: CommentReply): Promise<number | null> {
  if (reply.authorWallet === reply.replierWallet) return null;
  const now = services.now();
  const id = await services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reply-digest:${reply.authorWallet}:${reply.threadId}`}))`);
    const [open] = await tx.select({ id: notifications.id, data: notifications.data }).from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .where(and(
        eq(notificationRecipients.wallet, reply.authorWallet), isNull(notificationRecipients.readAt),
        eq(notifications.kind, 'comment_reply'), eq(notifications.campaignId, reply.campaignId),
        sql`(${notifications.data}->>'threadId')::int = ${reply.threadId}`,
      )).limit(1);
    if (open) {
      const grown = addToDigest(open.data as ReplyDigest, reply);
      if (!grown) return null;
      await tx.update(notifications).set({ data: grown, createdAt: now }).where(eq(notifications.id, open.id));
      return open.id;
    }
    return recordNotification(tx, services.env, {
      kind: 'comment_reply', campaignId: reply.campaignId, ref: `thread:${reply.threadId}:${reply.replyId}`, data: startDigest(reply),
    }, { wallets: [reply.authorWallet] }, now);
  });
  if (id !== null) await announceNotifications(services);
  return id;
}
