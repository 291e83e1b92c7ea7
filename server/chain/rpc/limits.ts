import type { FaucetPolicy } from '../../policies/faucet';
import { idOf, rpcError } from '../gateway/jsonRpc';
import { RateLimiter } from '../gateway/rateLimiter';
import { RATE_LIMITED } from './errors';

/** QuickNode's documented answer to a client over its rate (HTTP 429, the code mirrors the status). */
export const RATE_LIMITED_MESSAGE = 'The requests per second (RPS) of your requests are higher than your plan allows.';
/** HTTP status and JSON-RPC code of a refused oversized batch: QuickNode's 413 Content Too Large. */
export const CONTENT_TOO_LARGE = 413;

/** RPC_RATE_LIMIT counts calls within this window. */
export const RPC_RATE_WINDOW_MS = 10_000;

export type RpcLimitsOptions = {
  /** Calls per batch; a larger batch is refused whole. */
  maxBatch: number;
  /**
   * Calls per RPC_RATE_WINDOW_MS per client; every call of a batch counts. PubSub's subscribes
   * and unsubscribes are not calls here (its own caps bound them, `pubsub/limits.ts`); a call
   * PubSub does not serve is.
   */
  ratePerWindow: number;
  /** Accounts one getProgramAccounts answer may hold. */
  maxProgramAccounts: number;
  /** The test-SOL faucet's cap and rate, shared with POST /api/dev/airdrop. */
  faucet: FaucetPolicy;
  now: () => number;
};

/** A request answered before any of its calls runs: HTTP status, JSON-RPC body, Retry-After. */
export type RpcRefusal = { status: number; body: unknown; retryAfterSeconds?: number };

/**
 * What /api/rpc allows a client from outside in local mode, as RPC providers limit it:
 * batch size, calls per window (the cluster gateway's RateLimiter), result sizes and the
 * faucet. The server's own in-process Connection carries no limits.
 */
export class RpcLimits {
  readonly maxProgramAccounts: number;
  readonly faucet: FaucetPolicy;
  private readonly limiter: RateLimiter;
  private lastSweep: number;

  constructor(private readonly options: RpcLimitsOptions) {
    this.maxProgramAccounts = options.maxProgramAccounts;
    this.faucet = options.faucet;
    this.limiter = new RateLimiter(options.ratePerWindow, RPC_RATE_WINDOW_MS, options.now);
    this.lastSweep = options.now();
  }

  /** Counts the request's calls for `client`; the refusal to answer instead of running it, if any. */
  admit(body: unknown, client: string): RpcRefusal | undefined {
    const oversized = Array.isArray(body) && body.length > this.options.maxBatch;
    // A refused oversized batch costs one call: nothing of it runs, but a flood of them still counts.
    const cost = Array.isArray(body) && !oversized ? Math.max(1, body.length) : 1;
    this.sweepNowAndThen();
    const taken = this.limiter.take(client, cost);
    if (!taken.ok) {
      return {
        status: 429,
        retryAfterSeconds: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
        body: rpcError(Array.isArray(body) ? null : idOf(body), RATE_LIMITED, RATE_LIMITED_MESSAGE),
      };
    }
    if (oversized) {
      return { status: CONTENT_TOO_LARGE, body: rpcError(null, CONTENT_TOO_LARGE, `Content Too Large: at most ${this.options.maxBatch} calls per batch`) };
    }
    return undefined;
  }

  // Forgetting idle clients at most once a window keeps memory bounded without a timer to stop.
  private sweepNowAndThen(): void {
    const now = this.options.now();
    if (now - this.lastSweep < RPC_RATE_WINDOW_MS) return;
    this.lastSweep = now;
    this.limiter.sweep();
  }
}
