import { LAMPORTS_PER_SOL } from '../../core/constants';
import { RateLimiter } from '../chain/gateway/rateLimiter';
import type { Services } from '../services';

export type FaucetLimits = { maxSol: number; perMinute: number };

export type FaucetVerdict =
  | { ok: true }
  | { ok: false; reason: 'over-cap'; maxSol: number }
  | { ok: false; reason: 'rate-limited'; perMinute: number; retryAfterMs: number };

const MINUTE_MS = 60_000;

/**
 * The one test-SOL faucet policy of local mode: a cap per airdrop and a per-client rate,
 * counted together for POST /api/dev/airdrop and the JSON-RPC requestAirdrop so neither
 * path is a way around the other. The server's own airdrops (demo market, tests'
 * helpers) call the ledger directly and are never limited.
 */
export class FaucetPolicy {
  readonly maxLamports: bigint;
  private readonly limiter: RateLimiter;
  private lastSweep: number;

  constructor(readonly limits: FaucetLimits, private readonly now: () => number = Date.now) {
    this.maxLamports = BigInt(limits.maxSol) * LAMPORTS_PER_SOL;
    this.limiter = new RateLimiter(limits.perMinute, MINUTE_MS, now);
    this.lastSweep = now();
  }

  /** Checks one airdrop of `lamports` for `client` (an IP) and counts it when allowed; an over-cap ask is not counted. */
  take(client: string, lamports: bigint): FaucetVerdict {
    if (lamports > this.maxLamports) return { ok: false, reason: 'over-cap', maxSol: this.limits.maxSol };
    this.sweepNowAndThen();
    const taken = this.limiter.take(client);
    if (!taken.ok) return { ok: false, reason: 'rate-limited', perMinute: this.limits.perMinute, retryAfterMs: taken.retryAfterMs };
    return { ok: true };
  }

  // Forgetting idle clients at most once a minute keeps memory bounded without a timer to stop.
  private sweepNowAndThen(): void {
    const now = this.now();
    if (now - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = now;
    this.limiter.sweep();
  }
}

// Both faucet routes (dev and JSON-RPC) are separate plugins: they find the shared policy by their Services.
const policies = new WeakMap<Services, FaucetPolicy>();

/** The faucet policy of this server (one per Services, so both paths count together). */
export function faucetPolicyFor(services: Services): FaucetPolicy {
  let policy = policies.get(services);
  if (!policy) {
    policy = new FaucetPolicy(
      { maxSol: services.env.FAUCET_MAX_SOL, perMinute: services.env.FAUCET_PER_MINUTE },
      () => services.now().getTime(),
    );
    policies.set(services, policy);
  }
  return policy;
}

/** A refused airdrop as JSON-RPC reports it (-32602 over the cap, 429 over the rate), or null when allowed. */
export function faucetRpcRefusal(policy: FaucetPolicy, client: string, lamports: bigint): { code: number; message: string } | null {
  const verdict = policy.take(client, lamports);
  if (verdict.ok) return null;
  if (verdict.reason === 'over-cap') {
    return { code: -32602, message: `Invalid params: airdrop request too large: at most ${verdict.maxSol} SOL (${policy.maxLamports} lamports) per airdrop.` };
  }
  return { code: 429, message: `airdrop request limit reached: at most ${verdict.perMinute} airdrops a minute; try again in ${Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))} s.` };
}

