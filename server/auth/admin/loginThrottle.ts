import { clientKey } from '../../http/clientKey';
import { FailureBackoff, type FailureBackoffOptions } from '../../policies/rateLimit';

/**
 * Five failures within 15 minutes are free; after the fifth each attempt waits 1 s, 2 s,
 * 4 s ... up to 15 minutes before it is considered. Failures older than 15 minutes are
 * forgotten, so a mistype this morning costs nothing this afternoon.
 */
export const LOGIN_BACKOFF: FailureBackoffOptions = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};

export type LoginAttempt = { ip: string; username: string };

/**
 * Admin login throttling, per source address and per submitted username.
 *
 * The state lives in this process's memory, not the database:
 * - with several web processes an attacker gains at most that constant factor against a
 *   wait that doubles per failure, which does not change what guessing costs;
 * - no database write per failed guess (a cheap write amplifier for anyone on the
 *   internet), and the refusal of a throttled attempt does no I/O at all, so it is the
 *   same instant answer whatever the username;
 * - a restart forgets it: nobody stays locked out by state nobody can see or clear.
 *
 * The username key is the submitted string, never the account: unknown and known
 * usernames collect failures and waits exactly alike, so the throttle reveals nothing.
 * The username's wait holds only addresses that have used up their own free failures:
 * guesses for the admin's name from elsewhere never lock the admin out of an address that
 * has merely mistyped (the audit's lockout: a username guessed from a dozen addresses made
 * the admin's one typo cost 5 minutes). So each address gets its free failures whatever the
 * username's state, and past them waits for the longer of the two.
 */
export class LoginThrottle {
  private readonly addresses = new FailureBackoff(LOGIN_BACKOFF);
  private readonly usernames = new FailureBackoff(LOGIN_BACKOFF);

  /**
   * The wait before this attempt may be considered, or 0 when it may go ahead. An attempt
   * that may go ahead is counted as a failure at once, so a burst of concurrent guesses is
   * throttled before any of them finishes; `succeeded` takes it back.
   */
  begin(attempt: LoginAttempt, now: number): number {
    const address = addressKey(attempt);
    const username = usernameKey(attempt);
    const addressWait = this.addresses.waitMs(address, now);
    const allowanceUsed = this.addresses.failures(address, now) >= LOGIN_BACKOFF.freeFailures;
    const usernameWait = allowanceUsed ? this.usernames.waitMs(username, now) : 0;
    const wait = Math.max(addressWait, usernameWait);
    if (wait > 0) return wait;
    this.addresses.recordFailure(address, now);
    this.usernames.recordFailure(username, now);
    return 0;
  }

  /** The right password: the address and the username start over. */
  succeeded(attempt: LoginAttempt): void {
    this.addresses.forget(addressKey(attempt));
    this.usernames.forget(usernameKey(attempt));
  }
}

// One IPv6 subscriber usually holds a whole /64: counted per address, it would be
// 2^64 fresh addresses (clientKey folds it, as every per-client cap does).
const addressKey = ({ ip }: LoginAttempt) => clientKey(ip);

// Folded so spellings the database might one day treat as one name share one count.
const usernameKey = ({ username }: LoginAttempt) => username.normalize('NFKC').toLowerCase();
