// Per-IP limits of the trading API. Building and executing need no wallet session:
// the trader's own signature on the exact transaction is the authorization (the
// spec's launch SDK calls are public too), and the pool signs nothing but live quotes
// it built. The limits only slow a script that floods the book with reservations.

const message = 'Too many requests. Try again later.';

/** Buy and sell quotes: each reserves curve liquidity for 30 s. */
export const BUILD_LIMIT = { max: 60, windowMs: 60_000, message };
export const EXECUTE_LIMIT = { max: 60, windowMs: 60_000, message };
/** Previews and progress reserve nothing: a widget refreshes them while someone types. */
export const READ_LIMIT = { max: 300, windowMs: 60_000, message };
