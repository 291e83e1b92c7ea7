import { z } from 'zod';

const ID_MESSAGE = 'id must be a positive whole number';
const id = z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE);

export const NotificationListQuery = z.object({
  // Older than this notification id (the previous page's next_cursor).
  before: id.optional(),
  limit: z.coerce.number({ error: 'limit must be 1 to 100' }).int('limit must be 1 to 100').min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').default(30),
});

export const NotificationIdParams = z.object({ id });

/** POST /api/notifications/:id/read: true marks it read, false unread again. */
export const ReadBody = z.object({ read: z.boolean({ error: 'read must be true or false' }) }).strict();
