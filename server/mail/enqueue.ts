import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../core/notifications';
import type { Db } from '../db/client';
import { emailOutbox, emailSubscriptions, notificationRecipients, type NotificationData } from '../db/schema';
import type { Env } from '../env';
import { unsubscribeApiPrefix, unsubscribePagePrefix } from './links';

/**
 * Queues one mail per recipient of a new notification whose wallet confirmed an address and
 * chose this kind, in the caller's transaction. The dedupe key makes it once per
 * (notification, wallet). Without SMTP_URL nothing is queued: nothing could send it.
 */
export async function enqueueNotificationMails(
  tx: Db, env: Env, notification: { id: number; kind: NotificationKind; data: NotificationData }, now: Date,
): Promise<void> {
  if (!env.SMTP_URL) return;
  const { title, path } = notification.data;
  const body = `${title}\n\nOpen it: ${env.publicUrl}${path}\n\nYou receive this because your wallet follows this campaign on Causemint and chose these e-mails.\nUnsubscribe: `;
  const at = now.toISOString();
  await tx.execute(sql`
    insert into ${emailOutbox} (wallet, dedupe_key, purpose, to_address, subject, text, unsubscribe_url, next_attempt_at, created_at)
    select r.wallet, ${`notification:${notification.id}:`}::text || r.wallet, 'notification', s.email, ${title}::text,
      ${body}::text || ${unsubscribePagePrefix(env)}::text || s.unsubscribe_token,
      ${unsubscribeApiPrefix(env)}::text || s.unsubscribe_token, ${at}::timestamptz, ${at}::timestamptz
    from ${notificationRecipients} r join ${emailSubscriptions} s on s.wallet = r.wallet
    where r.notification_id = ${notification.id} and s.confirmed_at is not null
      and s.kinds @> ${JSON.stringify([notification.kind])}::jsonb
    on conflict (dedupe_key) do nothing`);
}
