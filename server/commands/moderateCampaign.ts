import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CampaignModeration } from '../../core/schemas/moderation';
import { campaigns } from '../db/schema';
import { notFound } from '../http/errors';
import { CAMPAIGN_NOT_FOUND } from '../policies/campaigns';
import type { CampaignRow } from '../presenters/campaign';
import { announceNotifications } from '../notifications/events';
import { recordFlagged } from '../notifications/facts';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

type Moderated = { before: Pick<CampaignRow, 'verified' | 'flagged'>; row: CampaignRow; told: boolean };

/**
 * Sets a campaign's verified and/or flagged flag (spec 2 section 4), audited with the
 * values before and after and the flag's reason, then announced so public lists and pages follow at once
 * (a flagged campaign leaves every public list; its own page shows a warning).
 */
export async function moderateCampaign(services: Services, actor: AdminActor, id: number, { reason, ...changes }: CampaignModeration): Promise<CampaignRow> {
  const { row, told } = await adminWrite(services.db, actor, (r: Moderated) => ({
    action: 'campaign_moderated',
    target: `campaign:${id}`,
    details: {
      ticker: r.row.ticker, token_address: r.row.tokenAddress, before: r.before, after: { verified: r.row.verified, flagged: r.row.flagged },
      ...(reason ? { reason } : {}),
    },
  }), async (tx) => {
    const [current] = await tx.select({ verified: campaigns.verified, flagged: campaigns.flagged }).from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    const [updated] = await tx.update(campaigns).set(changes).where(eq(campaigns.id, id)).returning();
    // Followers hear of each flagging once: recorded only on false -> true, under the row lock.
    const told = !current.flagged && updated!.flagged
      && await recordFlagged(tx, services.env, updated!, randomUUID(), services.now()) !== null;
    return { before: current, row: updated!, told };
  });
  await services.events.publish({ type: 'campaign_moderated', id, tokenAddress: row.tokenAddress });
  if (told) await announceNotifications(services);
  return row;
}
