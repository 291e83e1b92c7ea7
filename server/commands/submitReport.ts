import { eq } from 'drizzle-orm';
import type { ReportCreate } from '../../core/schemas/report';
import { campaignReports, campaigns } from '../db/schema';
import type { ReportRow } from '../presenters/report';
import type { Services } from '../services';

/**
 * Stores a visitor's report, pending, against the campaign it names (null when no
 * campaign has that mint: nothing is stored), then tells open admin pages. `admit` runs
 * once the report is known to be storable (the per-address limit: it may throw).
 */
export async function submitReport(services: Services, input: ReportCreate, admit: () => void = () => {}): Promise<ReportRow | null> {
  const [campaign] = await services.db.select({ ticker: campaigns.ticker }).from(campaigns)
    .where(eq(campaigns.tokenAddress, input.token_address)).limit(1);
  if (!campaign) return null;
  admit();
  const at = services.now();
  const [row] = await services.db.insert(campaignReports).values({
    campaignTicker: campaign.ticker,
    tokenAddress: input.token_address,
    reportType: input.report_type,
    description: input.description,
    evidence: input.evidence ?? null,
    contactEmail: input.contact_email ?? null,
    xHandle: input.x_handle ?? null,
    telegramHandle: input.telegram_handle ?? null,
    status: 'pending',
    submittedAt: at,
    updatedAt: at,
  }).returning();
  // Every browser hears events: the id only, never what the reporter wrote.
  await services.events.publish({ type: 'report_submitted', id: row.id });
  return row;
}
