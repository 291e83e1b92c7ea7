import { and, eq, ne, sql } from 'drizzle-orm';
import { CHARITY_MESSAGES } from '../../core/schemas/charity';
import type { Db } from '../db/client';
import { verifiedCharities } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CharityRow = typeof verifiedCharities.$inferSelect;

/**
 * Charity writes serialise on the table: display orders are read, then written, and two
 * admins adding or moving at once must not both take the same place. Reads go on.
 */
export async function lockCharities(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${verifiedCharities} in share row exclusive mode`);
}

export async function charityOr404(tx: Tx, id: number): Promise<CharityRow> {
  const [row] = await tx.select().from(verifiedCharities).where(eq(verifiedCharities.id, id));
  if (!row) throw notFound(CHARITY_MESSAGES.notFound);
  return row;
}

/** A 400 with the spec's 'already exists' wording when another charity holds this wallet. */
export async function assertWalletFree(tx: Tx, wallet: string, exceptId?: number): Promise<void> {
  const taken = await tx.select({ id: verifiedCharities.id }).from(verifiedCharities)
    .where(exceptId === undefined ? eq(verifiedCharities.walletAddress, wallet)
      : and(eq(verifiedCharities.walletAddress, wallet), ne(verifiedCharities.id, exceptId)))
    .limit(1);
  if (taken.length > 0) throw badRequest(CHARITY_MESSAGES.walletTaken);
}

/** The audit log's before/after: the row as the API shows it, dates as ISO strings. */
export function auditSnapshot(row: CharityRow) {
  return {
    name: row.name, category: row.category, wallet_address: row.walletAddress, website: row.website,
    website_url: row.websiteUrl, logo: row.logo, description: row.description, is_active: row.isActive,
    display_order: row.displayOrder,
  };
}
