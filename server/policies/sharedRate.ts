import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimitEvents } from '../db/schema';
import { clientKey } from '../http/clientKey';
import { tooManyRequests } from '../http/errors';
import type { Services } from '../services';

/** A per-client rate that holds across every process of a fleet: `max` events of `kind` within any `windowMs`. */
export type SharedRate = { kind: 'faucet' | 'sign_in_challenge' | 'sign_in_verify'; max: number; windowMs: number };
export type SharedVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/** The longest window a shared rate counts: prune-limits drops events older than this. */
export const SHARED_RATE_MAX_WINDOW_MS = 60_000;

/**
 * Takes one event of `rate` for `client` (an IPv6 /64 counts as one) when fewer than `max` were
 * taken within the window, else answers when one will leave it. Counted from rate_limit_events
 * under an advisory lock on (kind, client), in one short transaction, so every web process and
 * the ledger process count together and two requests never both take the last slot. A refused
 * request records nothing. The count reads at most `max` rows (newest first, from the index).
 */
export async function takeSharedRate(db: Db, now: Date, rate: SharedRate, client: string): Promise<SharedVerdict> {
  const key = clientKey(client);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${rate.kind}:${key}`}))`);
    const [limiting] = await tx.select({ at: rateLimitEvents.at }).from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.kind, rate.kind), eq(rateLimitEvents.client, key), gt(rateLimitEvents.at, new Date(now.getTime() - rate.windowMs))))
      .orderBy(desc(rateLimitEvents.at)).offset(rate.max - 1).limit(1);
    if (limiting) return { ok: false, retryAfterMs: Math.max(0, limiting.at.getTime() + rate.windowMs - now.getTime()) };
    await tx.insert(rateLimitEvents).values({ kind: rate.kind, client: key, at: now });
    return { ok: true };
  });
}

/**
 * Takes one of a route's shared rate for the request's client address, or throws 429 with
 * `message` and Retry-After. Call it after the input is validated: bad input stores nothing.
 */
export async function assertSharedRate(services: Services, rate: SharedRate, message: string, request: FastifyRequest): Promise<void> {
  const verdict = await takeSharedRate(services.db, services.now(), rate, request.ip);
  if (!verdict.ok) throw tooManyRequests(message, verdict.retryAfterMs);
}
