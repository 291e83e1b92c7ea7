import { lamportsToSolString } from '../../core/money';
import type { verifiedCharities } from '../db/schema';
import type { CharityPayout } from '../donations/charityPayouts';

type Row = typeof verifiedCharities.$inferSelect;

/** Snake case, like the table and the spec. */
export function presentCharity(row: Row) {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    website_url: row.websiteUrl,
    wallet_address: row.walletAddress,
    category: row.category,
    logo: row.logo,
    description: row.description,
    is_active: row.isActive,
    is_sample: row.isSample,
    display_order: row.displayOrder,
  };
}

/** The public page's charity: what campaigns have paid it so far, as exact decimal strings. */
export function presentPublicCharity(row: Row, paid: CharityPayout | undefined) {
  const lamports = paid?.lamports ?? 0n;
  return {
    ...presentCharity(row),
    paid_lamports: lamports.toString(),
    paid_sol: lamportsToSolString(lamports),
    paying_campaigns: paid?.campaigns ?? 0,
  };
}

/** The admin list adds when the row was made and last changed. */
export function presentAdminCharity(row: Row) {
  return { ...presentCharity(row), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}
