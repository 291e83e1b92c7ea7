import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../testing/app';
import { createTestDatabase } from '../testing/db';
import { jobLockKey, startJobs } from './runner';

describe('job runner', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('runs a job at start and on its interval, never two runs of it at once, and survives a failing run', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const runner = startJobs(t.services, [{
      name: 'test-interval', everyMs: 5, runAtStart: true,
      run: async () => {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((r) => setTimeout(r, 10));
        concurrent--;
        if (runs === 2) throw new Error('a bad run');
      },
    }]);
    await Promise.all([runner.runNow('test-interval'), runner.runNow('test-interval')]);
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await runner.stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(after);
    expect(maxConcurrent).toBe(1);
  });

  it('runs a job when it is woken, and once more after a run that was woken meanwhile', async () => {
    let runs = 0;
    let trigger = () => {};
    let release = () => {};
    const runner = startJobs(t.services, [{
      name: 'test-wake', everyMs: 3_600_000,
      wake: (_services, wakeUp) => { trigger = wakeUp; return () => { trigger = () => {}; }; },
      run: async () => {
        runs++;
        if (runs === 1) await new Promise<void>((r) => { release = r; });
      },
    }]);
    expect(runs).toBe(0);
    trigger();
    await expect.poll(() => runs).toBe(1);
    // Two wakes during the first run: one more run, not two.
    trigger();
    trigger();
    release();
    await expect.poll(() => runs).toBe(2);
    await runner.stop();
    trigger();
    expect(runs).toBe(2);
  });

  it('takes every job lock of a process on one connection, even when the first calls come at once (PostgreSQL)', async () => {
    const { databaseUrl, cleanup } = await createTestDatabase();
    try {
      if (!databaseUrl) return;
      const keys = Array.from({ length: 8 }, (_, i) => jobLockKey(`test-at-once-${i}`));
      const holder = await openDatabase({ databaseUrl });
      const lockConnections = async (database: typeof holder) => Number((await database.db.execute(sql`
        select count(distinct pid)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`) as unknown as { rows: { n: number }[] }).rows[0]!.n);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      expect(await Promise.all(keys.map((key) => holder.tryLock(key)))).toEqual(keys.map(() => true));
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
      // One query at a time on it: pg warns when a query is queued on a busy client.
      expect(warnings).toEqual([]);
      expect(await lockConnections(holder)).toBe(1);
      // Closing the process's database lets every lock go (a second connection would keep its own).
      await holder.close();
      const next = await openDatabase({ databaseUrl });
      try {
        expect(await Promise.all(keys.map((key) => next.tryLock(key)))).toEqual(keys.map(() => true));
      } finally {
        await next.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('gives a job lock to one process only (PostgreSQL); PGlite owns its data directory alone', async () => {
    const { database, databaseUrl, cleanup } = await createTestDatabase();
    try {
      const key = jobLockKey('test-exclusive');
      expect(await database.tryLock(key)).toBe(true);
      expect(await database.tryLock(key)).toBe(true);
      if (!databaseUrl) return;
      const other = await openDatabase({ databaseUrl });
      try {
        expect(await other.tryLock(key)).toBe(false);
        expect(await other.tryLock(jobLockKey('test-other'))).toBe(true);
      } finally {
        await other.close();
      }
      // The holder's connection ends: the lock is free for the next process.
      await database.close();
      const third = await openDatabase({ databaseUrl });
      try {
        expect(await third.tryLock(key)).toBe(true);
      } finally {
        await third.close();
      }
    } finally {
      await cleanup();
    }
  });
});
