import { eq } from 'drizzle-orm';
import type { ReportUpdate } from '../../core/schemas/report';
import { campaignReports } from '../db/schema';
import { notFound } from '../http/errors';
import type { ReportRow } from '../presenters/report';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

export const REPORT_NOT_FOUND = 'Report not found';

const reviewOf = (r: ReportRow) => ({ status: r.status, admin_notes: r.adminNotes, resolution: r.resolution });

/**
 * The admin's review of a report (spec 2 section 4): any status from any status, notes and
 * resolution (left out: kept), updated_at; audited with before and after.
 */
export async function updateReport(services: Services, actor: AdminActor, id: number, input: ReportUpdate): Promise<ReportRow> {
  const { after } = await adminWrite(services.db, actor, (r: { before: ReportRow; after: ReportRow }) => ({
    action: 'report_updated',
    target: `report:${id}`,
    details: { campaign_ticker: r.after.campaignTicker, before: reviewOf(r.before), after: reviewOf(r.after) },
  }), async (tx) => {
    // Locked, so the audit's 'before' is the row this update replaced.
    const [before] = await tx.select().from(campaignReports).where(eq(campaignReports.id, id)).for('update');
    // Thrown inside the transaction: no audit row for a report that is not there.
    if (!before) throw notFound(REPORT_NOT_FOUND);
    const changes: Partial<typeof campaignReports.$inferInsert> = { status: input.status, updatedAt: services.now() };
    if (input.admin_notes !== undefined) changes.adminNotes = input.admin_notes;
    if (input.resolution !== undefined) changes.resolution = input.resolution;
    const [updated] = await tx.update(campaignReports).set(changes).where(eq(campaignReports.id, id)).returning();
    return { before, after: updated };
  });
  await services.events.publish({ type: 'report_updated', id });
  return after;
}
