import { clientKey } from '../../http/clientKey';

/**
 * Five failures within 15 minutes are free; after the fifth each attempt waits 1 s, 2 s,
 * 4 s ... up to 15 minutes before it is considered. Failures older than 15 minutes are
 * forgotten, so a mistype this morning costs nothing this afternoon.
 */
export const LOGIN_BACKOFF = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

// Past this many failures in the window the wait is at its cap (2^16 s > 15 minutes), so
// older ones change nothing: a username guessed from thousands of addresses stays a small row.
const FAILURES_KEPT = LOGIN_BACKOFF.freeFailures + 16;

export type LoginAttempt = { ip: string; username: string };

/** One key's failures (ms, oldest first) and until when it must wait. */
export type FailureRecord = { failures: number[]; waitUntil: number };

export const NO_FAILURES: FailureRecord = { failures: [], waitUntil: 0 };

export type LoginVerdict =
  | { waitMs: number }
  | { waitMs: 0; address: FailureRecord; username: FailureRecord };

/**
 * Admin login throttling, per source address and per submitted username: the rules, pure.
 * The records live in the database (commands/admitLoginAttempt.ts), so a guesser spreading
 * attempts over the web processes meets one throttle.
 *
 * The username key is the submitted string, never the account: unknown and known
 * usernames collect failures and waits exactly alike, so the throttle reveals nothing.
 * The username's wait holds only addresses that have used up their own free failures:
 * guesses for the admin's name from elsewhere never lock the admin out of an address that
 * has merely mistyped (the audit's lockout: a username guessed from a dozen addresses made
 * the admin's one typo cost 5 minutes). So each address gets its free failures whatever the
 * username's state, and past them waits for the longer of the two.
 *
 * An attempt that may go ahead is counted as a failure at once (the verdict's records), so
 * a burst of concurrent guesses is throttled before any of them finishes; a right password
 * then clears both keys.
 */
export function judgeLoginAttempt(address: FailureRecord, username: FailureRecord, now: number): LoginVerdict {
  const addressWait = Math.max(0, address.waitUntil - now);
  const allowanceUsed = live(address, now).length >= LOGIN_BACKOFF.freeFailures;
  const usernameWait = allowanceUsed ? Math.max(0, username.waitUntil - now) : 0;
  const waitMs = Math.max(addressWait, usernameWait);
  if (waitMs > 0) return { waitMs };
  return { waitMs: 0, address: withFailure(address, now), username: withFailure(username, now) };
}

/**
 * The free failures carry no wait; the last of them makes the key wait before its next
 * attempt is considered, and each further failure doubles that wait up to the cap: a
 * person who mistypes waits seconds at most, a guessing script soon waits the cap.
 */
function withFailure(record: FailureRecord, now: number): FailureRecord {
  const failures = [...live(record, now), now].slice(-FAILURES_KEPT);
  const { freeFailures, baseDelayMs, maxDelayMs } = LOGIN_BACKOFF;
  const beyond = failures.length - freeFailures;
  const delay = beyond < 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** beyond);
  return { failures, waitUntil: now + delay };
}

/** The failures within the window. */
function live(record: FailureRecord, now: number): number[] {
  return record.failures.filter((at) => at > now - LOGIN_BACKOFF.windowMs);
}

/** The database keys of an attempt's address and username, in the order they are locked. */
export function loginThrottleKeys({ ip, username }: LoginAttempt): { address: string; username: string } {
  return {
    // One IPv6 subscriber usually holds a whole /64: counted per address, it would be
    // 2^64 fresh addresses (clientKey folds it, as every per-client cap does).
    address: `a:${clientKey(ip)}`,
    // Folded so spellings the database might one day treat as one name share one count.
    username: `u:${username.normalize('NFKC').toLowerCase()}`,
  };
}
