import { and, asc, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AuditLogQuerySchema } from '../../../core/schemas/security';
import { adminAuditLog } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { requireAdmin } from '../../policies/admin';
import { presentAuditLogEntry } from '../../presenters/auditLogEntry';
import type { RouteOptions } from '../../services';

/** /api/admin/audit-log: every admin write, newest first, paged by id (`before`). */
export const adminAuditLogRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const guard = { preHandler: requireAdmin(services) };

  app.get('/admin/audit-log', guard, async (request) => {
    const query = parseInput(AuditLogQuerySchema, request.query);
    const where: SQL[] = [];
    if (query.before !== undefined) where.push(lt(adminAuditLog.id, query.before));
    if (query.admin) where.push(eq(adminAuditLog.adminUsername, query.admin));
    if (query.action) where.push(eq(adminAuditLog.action, query.action));
    // One more than a page tells whether another page follows without a count.
    const rows = await services.db.select().from(adminAuditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(adminAuditLog.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { entries: page.map(presentAuditLogEntry), next_before: rows.length > query.limit ? page.at(-1)!.id : null };
  });

  // The choices of the tab's two filters: every admin and every action that appear in the log.
  app.get('/admin/audit-log/filters', guard, async () => {
    const admins = await services.db.selectDistinct({ v: adminAuditLog.adminUsername }).from(adminAuditLog).orderBy(asc(adminAuditLog.adminUsername));
    const actions = await services.db.selectDistinct({ v: adminAuditLog.action }).from(adminAuditLog).orderBy(asc(adminAuditLog.action));
    return { admins: admins.map((r) => r.v), actions: actions.map((r) => r.v) };
  });
};
