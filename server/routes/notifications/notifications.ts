import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { campaigns, notificationRecipients, notifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentNotification } from '../../presenters/notification';
import type { RouteOptions, Services } from '../../services';
import { NotificationIdParams, NotificationListQuery, ReadBody } from './schema';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

async function unreadCount(services: Services, wallet: string): Promise<number> {
  const [row] = await services.db.select({ n: sql<number>`count(*)::int` }).from(notificationRecipients)
    .where(and(eq(notificationRecipients.wallet, wallet), isNull(notificationRecipients.readAt)));
  return row?.n ?? 0;
}

/** The signed-in wallet's notifications (the bell and /notifications): only ever its own rows. */
export const notificationsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const signedIn = { preHandler: requireWallet(services) };
  app.addHook('onSend', async (_request, reply) => { reply.header('cache-control', 'no-store'); });

  app.get('/notifications', signedIn, async (request) => {
    const { before, limit } = parseInput(NotificationListQuery, request.query);
    const wallet = currentWallet(request);
    const rows = await db.select({
      id: notifications.id, kind: notifications.kind, data: notifications.data, createdAt: notifications.createdAt,
      readAt: notificationRecipients.readAt, ticker: campaigns.ticker, name: campaigns.name, tokenAddress: campaigns.tokenAddress,
    }).from(notificationRecipients)
      .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
      .innerJoin(campaigns, eq(campaigns.id, notifications.campaignId))
      .where(and(eq(notificationRecipients.wallet, wallet), before ? lt(notificationRecipients.notificationId, before) : undefined))
      .orderBy(desc(notificationRecipients.notificationId)).limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(presentNotification),
      unread: await unreadCount(services, wallet),
      next_cursor: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  });

  app.get('/notifications/unread-count', signedIn, async (request) => ({ unread: await unreadCount(services, currentWallet(request)) }));

  app.post('/notifications/:id/read', signedIn, async (request) => {
    const { id } = parseInput(NotificationIdParams, request.params);
    const { read } = parseInput(ReadBody, request.body);
    const wallet = currentWallet(request);
    const [row] = await db.update(notificationRecipients).set({ readAt: read ? services.now() : null })
      .where(and(eq(notificationRecipients.notificationId, id), eq(notificationRecipients.wallet, wallet)))
      .returning({ id: notificationRecipients.notificationId });
    // Another wallet's notification is answered exactly like one that does not exist.
    if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
    return { id, read, unread: await unreadCount(services, wallet) };
  });

  app.post('/notifications/read-all', signedIn, async (request) => {
    const wallet = currentWallet(request);
    await db.update(notificationRecipients).set({ readAt: services.now() })
      .where(and(eq(notificationRecipients.wallet, wallet), isNull(notificationRecipients.readAt)));
    return { unread: 0 };
  });
};
