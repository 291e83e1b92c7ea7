import type { verifiedCharities } from '../db/schema';

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
