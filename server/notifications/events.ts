import type { Services } from '../services';

/**
 * Published when notifications were recorded. It carries no wallet and no campaign: every
 * SSE stream hears it, so it must not say whose notification it is; each signed-in browser
 * refetches its own unread count (GET /api/notifications/unread-count).
 */
export const NOTIFICATIONS_EVENT = 'notifications_changed';
/** Wakes the mail job (server/jobs/sendMail.ts); carries nothing either. */
export const MAIL_QUEUED_EVENT = 'mail_queued';

/** After the transaction that recorded notifications has committed: browsers refetch, the mail job wakes. */
export async function announceNotifications(services: Services): Promise<void> {
  await services.events.publish({ type: NOTIFICATIONS_EVENT });
  if (services.env.SMTP_URL) await services.events.publish({ type: MAIL_QUEUED_EVENT });
}
