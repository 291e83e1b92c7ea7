import { eq } from 'drizzle-orm';
import { EDITABLE_FIELDS, type CampaignDetailsEdit, type EditableField } from '../../core/schemas/campaignDetails';
import type { Db } from '../db/client';
import { campaignEdits, campaigns, type CampaignFieldChange } from '../db/schema';
import type { CampaignRow } from '../presenters/campaign';

export type CampaignEditRow = typeof campaignEdits.$inferSelect;

// The stored value of each editable field, as the history records it (the goal as lamports).
const storedValue: Record<EditableField, (row: CampaignRow) => string | null> = {
  story: (row) => row.story,
  goal: (row) => row.goalLamports.toString(),
  website: (row) => row.website,
  twitter: (row) => row.twitter,
  telegram: (row) => row.telegram,
  discord: (row) => row.discord,
};

const asText = (value: string | bigint | null) => (value === null ? null : value.toString());

/**
 * A creator's edit of a launched campaign: the changed fields and their history row in one
 * transaction, under the campaign's row lock (two saves at once each see the other's result
 * as their 'before'). Fields sent with their current value change nothing; an edit that
 * changes nothing writes nothing and answers null.
 */
export async function editCampaignDetails(
  db: Db, props: { campaignId: number; editorWallet: string; edit: CampaignDetailsEdit; now: Date },
): Promise<{ campaign: CampaignRow; edit: CampaignEditRow } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, props.campaignId)).for('update');
    if (!row) return null;
    const changes: Record<string, CampaignFieldChange> = {};
    for (const field of EDITABLE_FIELDS) {
      const value = props.edit[field];
      if (value === undefined) continue;
      const before = storedValue[field](row);
      const after = asText(value);
      if (before !== after) changes[field] = { before, after };
    }
    if (Object.keys(changes).length === 0) return null;
    const [campaign] = await tx.update(campaigns).set({
      ...('story' in changes ? { story: changes.story!.after } : {}),
      ...('goal' in changes ? { goalLamports: BigInt(changes.goal!.after!) } : {}),
      ...('website' in changes ? { website: changes.website!.after } : {}),
      ...('twitter' in changes ? { twitter: changes.twitter!.after } : {}),
      ...('telegram' in changes ? { telegram: changes.telegram!.after } : {}),
      ...('discord' in changes ? { discord: changes.discord!.after } : {}),
      detailsEditedAt: props.now,
    }).where(eq(campaigns.id, props.campaignId)).returning();
    const [edit] = await tx.insert(campaignEdits).values({
      campaignId: props.campaignId, editorWallet: props.editorWallet, changes, createdAt: props.now,
    }).returning();
    return { campaign: campaign!, edit: edit! };
  });
}
