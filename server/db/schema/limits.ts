import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Recent events of the per-client limits that must hold across every process of a fleet (the
 * faucet, wallet sign-in: server/policies/sharedRate.ts): one row per allowed event, counted
 * under an advisory lock on (kind, client) over the limit's window, dropped by prune-limits
 * once older than any window.
 */
export const rateLimitEvents = pgTable('rate_limit_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  // 'faucet', 'sign_in_challenge', 'sign_in_verify'.
  kind: text('kind').notNull(),
  // The client address (server/http/clientKey.ts: an IPv6 /64 is one).
  client: text('client').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
}, (t) => [
  index('rate_limit_events_client_idx').on(t.kind, t.client, t.at),
  index('rate_limit_events_at_idx').on(t.at),
]);
