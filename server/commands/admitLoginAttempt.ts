import { inArray, sql } from 'drizzle-orm';
import { judgeLoginAttempt, loginThrottleKeys, NO_FAILURES, type FailureRecord, type LoginAttempt } from '../auth/admin/loginThrottle';
import { adminLoginFailures } from '../db/schema';
import type { Db } from '../db/client';
import type { Services } from '../services';

/**
 * The admin login throttle's check, against records every web process shares: the wait
 * before this attempt may be considered, or 0 when it may go ahead (then it is already
 * counted as a failure; clearLoginFailures takes it back).
 *
 * A throttled attempt (most of a guesser's) is refused on one read: no lock, no write, the
 * same work whatever the username. One that may go ahead is judged again in a short
 * transaction, before the password check (which costs far more): the two rows are locked
 * first, always address then username, so concurrent attempts on either key, from any
 * process, are judged one after the other on what the previous one wrote. (One statement
 * cannot do that: its snapshot is taken before it waits for a lock.) Old rows are pruned by
 * the prune-limits job.
 */
export async function admitLoginAttempt({ db, now }: Services, attempt: LoginAttempt): Promise<number> {
  const at = now().getTime();
  const keys = loginThrottleKeys(attempt);
  const judge = (rows: Map<string, FailureRecord>) =>
    judgeLoginAttempt(rows.get(keys.address) ?? NO_FAILURES, rows.get(keys.username) ?? NO_FAILURES, at);
  const seen = judge(await readRows(db, [keys.address, keys.username]));
  if (!('address' in seen)) return seen.waitMs;
  return db.transaction(async (tx) => {
    const verdict = judge(await lockRows(tx, [keys.address, keys.username]));
    if (!('address' in verdict)) return verdict.waitMs;
    await saveRecords(tx, [[keys.address, verdict.address], [keys.username, verdict.username]]);
    return 0;
  });
}

/** The right password: the address and the username start over. */
export async function clearLoginFailures({ db }: Services, attempt: LoginAttempt): Promise<void> {
  const keys = loginThrottleKeys(attempt);
  // An upsert, not a delete: it takes the rows in the same order as admitLoginAttempt.
  await saveRecords(db, [[keys.address, NO_FAILURES], [keys.username, NO_FAILURES]]);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Makes the rows if new and locks them; returns them as last committed. */
async function lockRows(tx: Tx, keys: string[]): Promise<Map<string, FailureRecord>> {
  const rows = await tx.insert(adminLoginFailures).values(keys.map((key) => toRow(key, NO_FAILURES)))
    .onConflictDoUpdate({ target: adminLoginFailures.key, set: { key: sql`excluded.key` } })
    .returning();
  return byKey(rows);
}

async function readRows(db: Db, keys: string[]): Promise<Map<string, FailureRecord>> {
  return byKey(await db.select().from(adminLoginFailures).where(inArray(adminLoginFailures.key, keys)));
}

const byKey = (rows: (typeof adminLoginFailures.$inferSelect)[]) =>
  new Map(rows.map((r) => [r.key, { failures: r.failures, waitUntil: r.waitUntil.getTime() }]));

async function saveRecords(db: Db | Tx, records: [string, FailureRecord][]): Promise<void> {
  await db.insert(adminLoginFailures).values(records.map(([key, record]) => toRow(key, record)))
    .onConflictDoUpdate({ target: adminLoginFailures.key, set: { failures: sql`excluded.failures`, waitUntil: sql`excluded.wait_until` } });
}

const toRow = (key: string, record: FailureRecord) => ({ key, failures: record.failures, waitUntil: new Date(record.waitUntil) });
