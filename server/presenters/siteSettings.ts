import type { siteSettings } from '../db/schema';

type Row = typeof siteSettings.$inferSelect;

/** GET /api/settings/site and PUT /api/admin/maintenance answer with this. */
export function presentSiteSettings(row: Row) {
  return {
    maintenance_mode: row.maintenanceMode,
    maintenance_message: row.maintenanceMessage,
    schedule: {
      enabled: row.scheduleEnabled,
      startTime: row.scheduleStart?.toISOString() ?? null,
      endTime: row.scheduleEnd?.toISOString() ?? null,
      message: row.scheduleMessage,
    },
    updated_at: row.updatedAt.toISOString(),
  };
}
export type SiteSettingsJson = ReturnType<typeof presentSiteSettings>;
