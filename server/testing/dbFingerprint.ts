import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A reader of the database's state: per public table, its row count and the newest
 * row version (max xmin: any insert or update writes a new one), as one string. Equal
 * fingerprints mean nothing was inserted, updated or deleted in between.
 */
export async function fingerprinter(database: Database, options: { except?: string[] } = {}): Promise<() => Promise<string>> {
  const listed = await database.db.execute<{ tablename: string }>(sql`
    select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`);
  const tables = rowsOf<{ tablename: string }>(listed).map((r) => r.tablename).filter((name) => !options.except?.includes(name));
  const query = tables
    .map((name) => `select '${name}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as v from "${name}"`)
    .join(' union all ');
  return async () => {
    const rows = rowsOf<{ t: string; v: string }>(await database.db.execute<{ t: string; v: string }>(sql.raw(query)));
    return rows.map((r) => `${r.t}=${r.v}`).join(' ');
  };
}

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? result as T[] : (result as { rows: T[] }).rows;
}
