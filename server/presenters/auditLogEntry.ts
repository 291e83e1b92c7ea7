import type { adminAuditLog } from '../db/schema';

type Row = typeof adminAuditLog.$inferSelect;

/** One entry of GET /api/admin/audit-log. */
export function presentAuditLogEntry(row: Row) {
  return {
    id: row.id,
    admin_username: row.adminUsername,
    action: row.action,
    target: row.target,
    details: row.details,
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
  };
}
export type AuditLogEntryJson = ReturnType<typeof presentAuditLogEntry>;
