import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from './errors';

/**
 * The spec's service messages (spec 1 section 8 'Service messages') for failures that are
 * not the caller's fault: a refusal the route already explained (an HttpError) passes as
 * it is; anything else is logged and answered 502 `{ error: message }`, with `reason`
 * beside it when a safe one is known (`safeReason` unless the caller knows better).
 * Use as `.catch(serviceError(request.log, '...'))`.
 */
export function serviceError(log: FastifyBaseLogger, message: string, reasonOf: (err: unknown) => string | undefined = safeReason) {
  return (err: unknown): never => {
    if (err instanceof HttpError) throw err;
    log.error({ err }, message);
    const reason = reasonOf(err);
    throw new HttpError(502, message, reason ? { reason } : {});
  };
}

/** Runs `work`, answering its unexpected failures with the service message (see serviceError). */
export async function asService<T>(log: FastifyBaseLogger, message: string, work: () => Promise<T>): Promise<T> {
  return work().catch(serviceError(log, message));
}

/** A failure whose reason was written for the person who asked (no internals): it is shown as it is. */
export class ServiceFailure extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ServiceFailure';
  }
}

export const SERVICE_REASONS = {
  database: 'Database error',
  rpcUnavailable: 'RPC unavailable',
  rpcError: 'RPC error',
} as const;

// Network failures by code (Node's net/dns and undici's), wherever they sit in the cause chain.
const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_\w+)$/;
// PostgreSQL's SQLSTATE: five characters (PGlite and node-postgres both set it as `code`).
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Which upstream failed, in words safe to show: never the error's own message (it may hold
 * SQL, addresses or a stack). The database is checked first: its driver's network errors
 * would otherwise read as the RPC's. Unknown failures get no reason.
 */
export function safeReason(err: unknown): string | undefined {
  const chain = causes(err);
  const own = chain.find((e): e is ServiceFailure => e instanceof ServiceFailure);
  if (own) return own.reason;
  if (chain.some(isDatabaseError)) return SERVICE_REASONS.database;
  if (chain.some((e) => e instanceof Error && e.name === 'SolanaJSONRPCError')) return SERVICE_REASONS.rpcError;
  if (chain.some(isNetworkError)) return SERVICE_REASONS.rpcUnavailable;
  return undefined;
}

function causes(err: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && out.length < 8; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

function isDatabaseError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  // drizzle wraps a failed statement (its message is the SQL); the driver's error carries a SQLSTATE.
  if (e.name === 'DrizzleQueryError') return true;
  const { code, severity } = e as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && SQLSTATE.test(code) && typeof severity === 'string';
}

function isNetworkError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const { code } = e as { code?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.test(code)) return true;
  // web3.js flattens fetch's failure into its message ('failed to get info about account ...: TypeError: fetch failed').
  return /\bfetch failed\b/.test(e.message);
}
