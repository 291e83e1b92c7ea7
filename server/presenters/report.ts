import type { campaignReports } from '../db/schema';

export type ReportRow = typeof campaignReports.$inferSelect;
/** What the admin list joins in from the reported campaign (null when it is not on the platform). */
export type ReportedCampaign = { name: string; flagged: boolean; verified: boolean } | null;

/** A campaign_reports row under the spec's field names, with the reported campaign's state for the admin. */
export function presentReport(row: ReportRow, campaign: ReportedCampaign = null) {
  return {
    id: row.id,
    campaign_ticker: row.campaignTicker,
    token_address: row.tokenAddress,
    campaign,
    report_type: row.reportType,
    description: row.description,
    evidence: row.evidence,
    contact_email: row.contactEmail,
    x_handle: row.xHandle,
    telegram_handle: row.telegramHandle,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    admin_notes: row.adminNotes,
    resolution: row.resolution,
    updated_at: row.updatedAt.toISOString(),
  };
}
export type PresentedReport = ReturnType<typeof presentReport>;
