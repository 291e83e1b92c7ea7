// The words of a comment author's one notification per thread: 'alice replied to your
// comment on X', then, as more replies arrive while it is unread, 'N new replies ... from
// alice, bob and 3 others'. Pure: notifyWallet.ts keeps the counts in the notification's data.

import type { NotificationData } from '../db/schema';

/** Reply ids (and repliers) a digest remembers: enough to count each reply once, bounded whatever the flood. */
const REMEMBERED = 200;
const NAMED = 2;

export type ReplyDigest = Required<Pick<NotificationData, 'threadId' | 'replyIds' | 'replyCount' | 'repliers'>> & NotificationData;

export type NewReply = { threadId: number; replyId: number; replierWallet: string; replierName: string; campaignLabel: string; threadPath: string };

const pathTo = (reply: NewReply, id: number) => `${reply.threadPath}#comment-${id}`;

/** 'alice', 'alice and bob', 'alice, bob and 3 others'. */
function namesOf(repliers: { wallet: string; name: string }[]): string {
  const named = repliers.slice(0, NAMED).map((r) => r.name);
  const others = repliers.length - named.length;
  if (others === 0) return named.length === 2 ? `${named[0]} and ${named[1]}` : named[0]!;
  return `${named.join(', ')} and ${others} other${others === 1 ? '' : 's'}`;
}

function titleOf(d: Pick<ReplyDigest, 'replyCount' | 'repliers'>, campaignLabel: string): string {
  if (d.replyCount === 1) return `${d.repliers[0]!.name} replied to your comment on ${campaignLabel}`;
  return `${d.replyCount} new replies to your comment on ${campaignLabel} from ${namesOf(d.repliers)}`;
}

/** A new digest for a thread's first unread reply (it links to the oldest unread reply, the first one to read). */
export function startDigest(reply: NewReply): ReplyDigest {
  const repliers = [{ wallet: reply.replierWallet, name: reply.replierName }];
  return {
    threadId: reply.threadId, replyIds: [reply.replyId], replyCount: 1, repliers,
    title: titleOf({ replyCount: 1, repliers }, reply.campaignLabel), path: pathTo(reply, reply.replyId),
  };
}

/** The digest with one more reply, or null when it already counts that reply. */
export function addToDigest(digest: ReplyDigest, reply: NewReply): ReplyDigest | null {
  if (digest.replyIds.includes(reply.replyId)) return null;
  const known = digest.repliers.some((r) => r.wallet === reply.replierWallet);
  const repliers = known || digest.repliers.length >= REMEMBERED ? digest.repliers : [...digest.repliers, { wallet: reply.replierWallet, name: reply.replierName }];
  const replyCount = digest.replyCount + 1;
  // Replies committed side by side may arrive out of order: the link stays on the oldest.
  const oldest = Math.min(...digest.replyIds);
  return {
    ...digest, replyCount, repliers,
    path: reply.replyId < oldest ? pathTo(reply, reply.replyId) : digest.path,
    replyIds: digest.replyIds.length >= REMEMBERED ? digest.replyIds : [...digest.replyIds, reply.replyId],
    title: titleOf({ replyCount, repliers }, reply.campaignLabel),
  };
}
