import { eq } from 'drizzle-orm';
import type { MaintenanceUpdate } from '../../core/maintenance';
import { siteSettings } from '../db/schema';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

type Row = typeof siteSettings.$inferSelect;

const blankToNull = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);

/** Turns maintenance on or off and sets its message and scheduled window; audited, then announced. */
export async function updateMaintenance(services: Services, actor: AdminActor, input: MaintenanceUpdate): Promise<Row> {
  const at = services.now();
  const row = await adminWrite(services.db, actor, (r: Row) => ({
    action: 'maintenance_updated',
    target: 'site_settings',
    details: {
      maintenance_mode: r.maintenanceMode,
      maintenance_message: r.maintenanceMessage,
      schedule: { enabled: r.scheduleEnabled, startTime: r.scheduleStart, endTime: r.scheduleEnd, message: r.scheduleMessage },
    },
  }), async (tx) => {
    const changes: Partial<typeof siteSettings.$inferInsert> = { maintenanceMode: input.maintenance_mode, updatedAt: at };
    if (input.maintenance_message !== undefined) changes.maintenanceMessage = blankToNull(input.maintenance_message);
    if (input.schedule) {
      changes.scheduleEnabled = input.schedule.enabled;
      changes.scheduleStart = input.schedule.startTime ? new Date(input.schedule.startTime) : null;
      changes.scheduleEnd = input.schedule.endTime ? new Date(input.schedule.endTime) : null;
      changes.scheduleMessage = blankToNull(input.schedule.message);
    }
    const [updated] = await tx.update(siteSettings).set(changes).where(eq(siteSettings.id, 1)).returning();
    if (updated) return updated;
    // The seed creates row 1; recreate it if an operator removed it by hand.
    const [inserted] = await tx.insert(siteSettings).values({ id: 1, ...changes }).returning();
    return inserted;
  });
  await services.events.publish({ type: 'site_settings_changed' });
  return row;
}
