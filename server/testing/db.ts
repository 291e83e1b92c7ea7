import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './globalSetup';

/**
 * A fresh, migrated database of its own for the calling test file: a copy of the
 * prepared PGlite directory, or a new PostgreSQL database cloned from the template.
 * Returns the database and a `dataDir` the caller may use for other files.
 */
export async function createTestDatabase(): Promise<{ database: Database; dataDir: string; databaseUrl?: string; cleanup: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-test-'));
  if (template.kind === 'postgres') {
    const pg = (await import('pg')).default;
    const name = `causemint_t_${template.runId}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.template}`);
    await admin.end();
    const databaseUrl = withDatabase(template.url, name);
    const database = await openDatabase({ databaseUrl });
    return {
      database, dataDir, databaseUrl,
      cleanup: async () => {
        await database.close().catch(() => {});
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  fs.cpSync(template.dir, path.join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ dataDir });
  return {
    database, dataDir,
    cleanup: async () => {
      await database.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Empties every table (keeps the schema), for tests that share one database across cases. */
export async function truncateAll(database: Database): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(sql`
    select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { tablename: string }[] }).rows);
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${list} restart identity cascade`));
}
