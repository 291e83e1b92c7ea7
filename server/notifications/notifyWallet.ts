import type { Services } from '../services';
import { announceNotifications } from './events';
import { recordNotification } from './record';

export type CommentReply = {
  /** The campaign the comment is on. */
  campaignId: number;
  /** The reply's id: a reply notifies once however often this is called. */
  replyId: number | string;
  /** The wallet that wrote the comment replied to (told); nothing is sent when it wrote the reply itself. */
  authorWallet: string;
  /** The wallet that replied. */
  replierWallet: string;
  /** What the bell and the mail say, e.g. 'New reply to your comment on ACME'. */
  title: string;
  /** Where the notification links, a path on this site (e.g. '/campaign/<mint>#comment-12'). */
  path: string;
};

/**
 * The comments feature's hook: tells a comment's author of a reply (kind 'comment_reply'),
 * in the bell and, when they chose it, by mail. Idempotent per reply. Answers the
 * notification's id, or null when it was already recorded (or the author replied to themself).
 */
export async function notifyCommentReply(services: Services, reply: CommentReply): Promise<number | null> {
  if (reply.authorWallet === reply.replierWallet) return null;
  const id = await recordNotification(services.db, services.env, {
    kind: 'comment_reply', campaignId: reply.campaignId, ref: String(reply.replyId), data: { title: reply.title, path: reply.path },
  }, { wallets: [reply.authorWallet] }, services.now());
  if (id !== null) await announceNotifications(services);
  return id;
}
