import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_MISSED, EventHub, type AppEvent } from '../events/hub';
import { createTestDatabase } from '../testing/db';
import { openDatabase, type Database } from './client';

// A LISTEN connection needs a server that can drop it: PGlite's listener lives in its worker.
describe.runIf(process.env.DATABASE_URL)('the LISTEN connection (PostgreSQL)', () => {
  let cleanup: () => Promise<void>;
  let databaseUrl: string;
  let writer: Database;
  let reader: Database;
  let writerHub: EventHub;
  let readerHub: EventHub;
  const heard: AppEvent[] = [];

  beforeAll(async () => {
    const made = await createTestDatabase();
    writer = made.database;
    cleanup = made.cleanup;
    databaseUrl = made.databaseUrl!;
    // Another process's pool and LISTEN connection.
    reader = await openDatabase({ databaseUrl });
    writerHub = new EventHub(writer);
    readerHub = new EventHub(reader);
    await Promise.all([writerHub.start(), readerHub.start()]);
    readerHub.subscribe((event) => heard.push(event));
  });
  afterAll(async () => {
    await readerHub?.stop();
    await writerHub?.stop();
    await reader?.close();
    await cleanup?.();
  });

  /** Ends every backend LISTENing on this database, as a restart or failover of the server would. */
  async function killListeners(): Promise<number> {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ok: boolean }>(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()",
      );
      return rows.filter((r) => r.ok).length;
    } finally {
      await admin.end();
    }
  }

  it("is replaced when lost: another process's events arrive again, after an events_missed for the gap", async () => {
    await writerHub.publish({ type: 'before' });
    await expect.poll(() => heard.map((e) => e.type), { timeout: 5000, interval: 10 }).toContain('before');

    expect(await killListeners()).toBeGreaterThanOrEqual(2);
    // Sent while the reader has no LISTEN connection: lost, which events_missed says.
    await writerHub.publish({ type: 'during' });
    await expect.poll(() => heard.map((e) => e.type), { timeout: 10_000, interval: 10 }).toContain(EVENTS_MISSED);

    // Both processes listen again: every event from now on arrives.
    await expect.poll(async () => {
      await writerHub.publish({ type: 'after' });
      return heard.some((e) => e.type === 'after');
    }, { timeout: 10_000, interval: 100 }).toBe(true);
  });
});
