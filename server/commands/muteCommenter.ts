import { eq } from 'drizzle-orm';
import { COMMENT_MUTE_DURATIONS, type CommentMuteDuration } from '../../core/schemas/comment';
import { commentMutes } from '../db/schema';
import { notFound } from '../http/errors';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

/** The admin mutes a wallet for a while (or for good): its new comments are refused until then. Audited. */
export async function muteCommenter(services: Services, actor: AdminActor, wallet: string, duration: CommentMuteDuration) {
  const ms = COMMENT_MUTE_DURATIONS[duration];
  const at = services.now();
  const mutedUntil = ms === null ? null : new Date(at.getTime() + ms);
  const [row] = await adminWrite(services.db, actor, {
    action: 'commenter_muted', target: `wallet:${wallet}`, details: { duration, muted_until: mutedUntil?.toISOString() ?? null },
  }, (tx) => tx.insert(commentMutes).values({ wallet, mutedUntil, mutedBy: actor.username, createdAt: at })
    .onConflictDoUpdate({ target: commentMutes.wallet, set: { mutedUntil, mutedBy: actor.username, createdAt: at } }).returning());
  await services.events.publish({ type: 'comment_mutes_changed' });
  return row;
}

export const NOT_MUTED = 'That wallet is not muted';

/** The admin lifts a wallet's mute, audited; 404 (and no audit row) when there was none. */
export async function unmuteCommenter(services: Services, actor: AdminActor, wallet: string): Promise<void> {
  await adminWrite(services.db, actor, { action: 'commenter_unmuted', target: `wallet:${wallet}` }, async (tx) => {
    const removed = await tx.delete(commentMutes).where(eq(commentMutes.wallet, wallet)).returning({ wallet: commentMutes.wallet });
    if (removed.length === 0) throw notFound(NOT_MUTED);
  });
  await services.events.publish({ type: 'comment_mutes_changed' });
}
