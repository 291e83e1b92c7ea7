import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PgListener } from './pgListener';
import { discardPglite, startPglite, type StartingPglite } from './pglite/start';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle; the same type whether PGlite or node-postgres is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute`: postgres-js answers an array, PGlite an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. `onResumed` runs when
   * a lost LISTEN connection was replaced: notifications sent in between were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Takes a session-level advisory lock if free (true while this process holds it; it is
   * released when the process's connection ends). Jobs use it so exactly one process runs each.
   */
  tryLock(key: number): Promise<boolean>;
  close(): Promise<void>;
};

/** Namespace of the two-key advisory locks taken by tryLock. */
const JOB_LOCK_NAMESPACE = 727274002;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions = {
  databaseUrl?: string; dataDir?: string; inMemory?: boolean;
  /** PGlite already starting on this dataDir (the process entry starts it before the server loads). */
  pglite?: StartingPglite;
};

/** Opens PGlite in `<dataDir>/db` (or memory), or PostgreSQL when a URL is given, and migrates it. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const dataDir = options.inMemory ? undefined : options.dataDir;
  // A PGlite started for another place than the one asked for is not this database.
  let early = options.pglite;
  if (early && (options.databaseUrl || early.dataDir !== dataDir)) {
    discardPglite(early);
    early = undefined;
  }
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(dataDir, early);
  await migrateDatabase(database);
  return database;
}

async function openPglite(dataDir: string | undefined, early: StartingPglite | undefined): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  // In a worker thread (pglite/worker.mjs, with pg_trgm for the campaign search): its WASM,
  // protocol parsing and file writes never hold up a request on the main thread.
  const { client: opening, releaseLock } = early ?? startPglite(dataDir);
  const client = await opening;
  const db = drizzle(client as never, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => { await client.query('select pg_notify($1, $2)', [channel, payload]); },
    // The data directory lock already makes this process the only one: every job lock is ours.
    tryLock: async () => true,
    close: async () => {
      try { await client.close(); } finally { releaseLock(); }
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns come back as strings from pg; Drizzle's bigint mode converts them.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => { /* a broken idle client is replaced on next use */ });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listener = new PgListener(() => new pg.Client({ connectionString: databaseUrl }));
  // One connection holds this process's job locks; concurrent first calls share its connecting.
  let lockClient: Promise<import('pg').Client> | undefined;
  let lockQueue: Promise<unknown> = Promise.resolve();
  const held = new Set<number>();
  return {
    db,
    kind: 'postgres',
    listen: (channel, onPayload, onResumed) => listener.listen(channel, onPayload, onResumed),
    notify: async (channel, payload) => { await pool.query('select pg_notify($1, $2)', [channel, payload]); },
    tryLock: async (key) => {
      lockClient ??= (async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        // A lost connection loses its locks: forget them and take them again on a new one.
        client.on('error', () => { lockClient = undefined; held.clear(); });
        await client.connect();
        return client;
      })().catch((err: unknown) => { lockClient = undefined; throw err; });
      const client = await lockClient;
      // One query at a time on it (pg deprecates queueing on a busy client).
      const attempt = lockQueue.then(async () => {
        if (held.has(key)) return true;
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [JOB_LOCK_NAMESPACE, key]);
        if (rows[0]?.ok) held.add(key);
        return held.has(key);
      });
      lockQueue = attempt.catch(() => false);
      return attempt;
    },
    close: async () => {
      await lockClient?.then((client) => client.end()).catch(() => {});
      await listener.close();
      await pool.end();
    },
  };
}

/** The newest migration's timestamp in the committed journal (drizzle's folderMillis). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Drizzle applies every migration newer than the newest it recorded; when that is the
 * journal's newest there is nothing to do, and one query says so (the migrator's own
 * no-op costs half a second on PGlite, on every start).
 */
async function isUpToDate(database: Database): Promise<boolean> {
  try {
    const result = await database.db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    const rows = rowsOf<{ last: string | null }>(result);
    const last = rows[0]?.last;
    return last != null && Number(last) >= newestMigrationMillis();
  } catch {
    return false; // no migrations table yet: a new database
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (await isUpToDate(database)) return;
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Several processes may start at once against one server: one migrates, the others wait.
  await database.db.execute(sql`select pg_advisory_lock(727274001)`);
  try {
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(727274001)`);
  }
}
