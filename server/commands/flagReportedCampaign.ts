import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { campaignReports, campaigns } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { announceNotifications } from '../notifications/events';
import { recordFlagged } from '../notifications/facts';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';
import { REPORT_NOT_FOUND } from './updateReport';

export const REPORT_NO_CAMPAIGN = 'The reported campaign is not on the platform';

/**
 * 'Flag' from a report, in one step: sets (or clears) the reported campaign's flagged
 * column, audited with the report that led to it and the admin's reason. A flagged campaign leaves the public
 * lists (server/routes/campaigns/filters.ts); its own page still answers.
 */
export async function flagReportedCampaign(services: Services, actor: AdminActor, reportId: number, { flagged, reason }: { flagged: boolean; reason?: string }) {
  const result = await adminWrite(services.db, actor, (r: { tokenAddress: string; ticker: string; before: boolean; told: boolean }) => ({
    action: flagged ? 'campaign_flagged' : 'campaign_unflagged',
    target: `campaign:${r.tokenAddress}`,
    details: { report_id: reportId, ticker: r.ticker, before: { flagged: r.before }, after: { flagged }, ...(reason ? { reason } : {}) },
  }), async (tx) => {
    const [report] = await tx.select({ tokenAddress: campaignReports.tokenAddress }).from(campaignReports).where(eq(campaignReports.id, reportId));
    if (!report) throw notFound(REPORT_NOT_FOUND);
    const [campaign] = report.tokenAddress
      ? await tx.select({ id: campaigns.id, ticker: campaigns.ticker, name: campaigns.name, flagged: campaigns.flagged }).from(campaigns)
        .where(eq(campaigns.tokenAddress, report.tokenAddress)).for('update')
      : [];
    if (!campaign || !report.tokenAddress) throw conflict(REPORT_NO_CAMPAIGN);
    await tx.update(campaigns).set({ flagged }).where(eq(campaigns.id, campaign.id));
    // Followers hear of each flagging once: recorded only on false -> true, under the row lock.
    const told = flagged && !campaign.flagged
      && await recordFlagged(tx, services.env, { ...campaign, tokenAddress: report.tokenAddress }, randomUUID(), services.now()) !== null;
    return { tokenAddress: report.tokenAddress, ticker: campaign.ticker, before: campaign.flagged, told };
  });
  await services.events.publish({ type: 'campaign_flagged', tokenAddress: result.tokenAddress, flagged });
  if (result.told) await announceNotifications(services);
  return { token_address: result.tokenAddress, flagged };
}
