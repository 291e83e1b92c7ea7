import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type SearchColumns = { name: AnyPgColumn; title: AnyPgColumn; ticker: AnyPgColumn; description: AnyPgColumn };

/**
 * The text the campaign search matches (name, title, ticker, description), joined by a
 * control character that no search may contain, so `document ILIKE '%text%'` is the same
 * as matching any one field. One trigram index on exactly this expression serves it.
 */
export function campaignSearchDocument(t: SearchColumns): SQL {
  return sql`(${t.name} || chr(31) || coalesce(${t.title}, '') || chr(31) || ${t.ticker} || chr(31) || ${t.description})`;
}
