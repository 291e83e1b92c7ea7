// Records one fact and tells its recipients, exactly once: the fact's unique key
// (kind, campaign, ref) makes a retry, a second worker or a second web process a no-op, and
// the fan-out (one row per wallet, and one queued mail per wallet) happens in the same
// transaction as the fact, so it is all there or none of it is.

import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../core/notifications';
import type { Db } from '../db/client';
import { campaignFollows, notificationRecipients, notifications, type NotificationData } from '../db/schema';
import type { Env } from '../env';
import { enqueueNotificationMails } from '../mail/enqueue';

export type Fact = { kind: NotificationKind; campaignId: number; ref: string; data: NotificationData };

/** Who hears of a fact: the campaign's followers (but `except`, e.g. the author of an update), or named wallets. */
export type Audience = { followers: true; except?: string } | { wallets: string[] };

/**
 * Records `fact` for `audience` with `db` (a transaction of the caller's, or the database).
 * Answers the new notification's id, or null when the fact was already recorded.
 * Publish NOTIFICATIONS_EVENT after the caller's transaction commits (announceNotifications).
 */
export async function recordNotification(db: Db, env: Env, fact: Fact, audience: Audience, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(notifications).values({ ...fact, createdAt: now })
      .onConflictDoNothing().returning({ id: notifications.id });
    if (!created) return null;
    if ('followers' in audience) {
      await tx.execute(sql`
        insert into ${notificationRecipients} (notification_id, wallet, created_at)
        select ${created.id}, f.wallet, ${now.toISOString()}::timestamptz from ${campaignFollows} f
        where f.campaign_id = ${fact.campaignId} and f.wallet <> ${audience.except ?? ''}
        on conflict do nothing`);
    } else if (audience.wallets.length > 0) {
      await tx.insert(notificationRecipients).values([...new Set(audience.wallets)].map((wallet) => ({ notificationId: created.id, wallet, createdAt: now })))
        .onConflictDoNothing();
    }
    await enqueueNotificationMails(tx, env, { id: created.id, kind: fact.kind, data: fact.data }, now);
    return created.id;
  });
}
