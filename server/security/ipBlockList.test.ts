import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../bootstrap';
import { openDatabase, type Database } from '../db/client';
import { ipBlocks } from '../db/schema';
import { loadEnv } from '../env';
import { EventHub } from '../events/hub';
import { createTestDatabase } from '../testing/db';
import { IP_BLOCKS_CHANGED, IpBlockList } from './ipBlockList';

// A write landing between a load's reads used to pair the new rows with the old
// fingerprint, so undoing that write looked like no change and the list kept a stale
// block for ever. A 1 ms poll racing many insert/delete cycles meets that window.
describe('IpBlockList poll', () => {
  let cleanup: () => Promise<void>;
  let database: Database;
  beforeAll(async () => {
    const made = await createTestDatabase();
    database = made.database;
    cleanup = made.cleanup;
  });
  afterAll(async () => { await cleanup?.(); });

  it('never keeps a block the table no longer holds, however the poll and the writes interleave', async () => {
    const log = createLogger(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
    const events = new EventHub(database);
    const list = new IpBlockList({ db: database.db, events, log }, 1);
    await list.start();
    try {
      for (let cycle = 0; cycle < 40; cycle += 1) {
        const [row] = await database.db.insert(ipBlocks).values({ address: '192.0.2.40', blockedByUsername: 'elsewhere' }).returning();
        await expect.poll(() => list.isBlocked('192.0.2.40'), { timeout: 15_000, interval: 1 }).toBe(true);
        await database.db.delete(ipBlocks).where(eq(ipBlocks.id, row.id));
        await expect.poll(() => list.isBlocked('192.0.2.40'), { timeout: 15_000, interval: 1 }).toBe(false);
      }
    } finally {
      list.stop();
    }
  }, 120_000);
});

// Two processes need a server both can reach: PGlite is one process's database.
describe.runIf(process.env.DATABASE_URL)('IpBlockList across processes (PostgreSQL)', () => {
  let cleanup: () => Promise<void>;
  let writer: Database;
  let reader: Database;
  let writerHub: EventHub;
  let readerHub: EventHub;
  let list: IpBlockList;

  beforeAll(async () => {
    const made = await createTestDatabase();
    writer = made.database;
    cleanup = made.cleanup;
    // A second pool and LISTEN connection: what another web process holds.
    reader = await openDatabase({ databaseUrl: made.databaseUrl });
    writerHub = new EventHub(writer);
    readerHub = new EventHub(reader);
    await Promise.all([writerHub.start(), readerHub.start()]);
    const log = createLogger(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: made.dataDir }));
    // A poll far too slow to matter: only the NOTIFY can deliver the change in time.
    list = new IpBlockList({ db: reader.db, events: readerHub, log }, 60_000);
    await list.start();
  });
  afterAll(async () => {
    list?.stop();
    await readerHub?.stop();
    await writerHub?.stop();
    await reader?.close();
    await cleanup?.();
  });

  it("sees another process's block and unblock through NOTIFY (its poll is a minute away)", async () => {
    expect(list.isBlocked('198.51.100.20')).toBe(false);
    const [row] = await writer.db.insert(ipBlocks).values({ address: '198.51.100.0/24', blockedByUsername: 'other-process' }).returning();
    await writerHub.publish({ type: IP_BLOCKS_CHANGED });
    await expect.poll(() => list.isBlocked('198.51.100.20'), { timeout: 15_000, interval: 10 }).toBe(true);

    await writer.db.delete(ipBlocks).where(eq(ipBlocks.id, row.id));
    await writerHub.publish({ type: IP_BLOCKS_CHANGED });
    await expect.poll(() => list.isBlocked('198.51.100.20'), { timeout: 15_000, interval: 10 }).toBe(false);
  });
});
