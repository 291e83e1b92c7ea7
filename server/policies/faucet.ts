import { LAMPORTS_PER_SOL } from '../../core/constants';
import type { Services } from '../services';
import { takeSharedRate, type SharedVerdict } from './sharedRate';

export type FaucetLimits = { maxSol: number; perMinute: number };

export type FaucetVerdict =
  | { ok: true }
  | { ok: false; reason: 'over-cap'; maxSol: number }
  | { ok: false; reason: 'rate-limited'; perMinute: number; retryAfterMs: number };

const MINUTE_MS = 60_000;

/** Counts one airdrop of a client within the minute, or says when it may ask again. */
export type FaucetCounter = (client: string) => Promise<SharedVerdict>;

/**
 * The one test-SOL faucet policy: a cap per airdrop and a per-client rate, counted together
 * for POST /api/dev/airdrop, the JSON-RPC requestAirdrop of /api/rpc (local ledger or the
 * gateway to a ledger process) and the ledger process's own port, so no path is a way around
 * another. The rate is counted in the database (policies/sharedRate.ts), so it holds however
 * many web processes serve the client. The server's own airdrops (demo market, tests'
 * helpers) call the ledger directly and are never limited.
 */
export class FaucetPolicy {
  readonly maxLamports: bigint;

  constructor(readonly limits: FaucetLimits, private readonly count: FaucetCounter | null) {
    this.maxLamports = BigInt(limits.maxSol) * LAMPORTS_PER_SOL;
  }

  /** No cap and no rate: calls the gateway has already judged. */
  static unlimited(): FaucetPolicy {
    return new FaucetPolicy({ maxSol: 1_000_000_000, perMinute: Number.MAX_SAFE_INTEGER }, null);
  }

  /** Checks one airdrop of `lamports` for `client` (an IP) and counts it when allowed; an over-cap ask is not counted. */
  async take(client: string, lamports: bigint): Promise<FaucetVerdict> {
    if (lamports > this.maxLamports) return { ok: false, reason: 'over-cap', maxSol: this.limits.maxSol };
    if (!this.count) return { ok: true };
    const taken = await this.count(client);
    if (!taken.ok) return { ok: false, reason: 'rate-limited', perMinute: this.limits.perMinute, retryAfterMs: taken.retryAfterMs };
    return { ok: true };
  }
}

/** The faucet under this configuration, its rate counted in `services`' database. */
export function databaseFaucet(services: Services): FaucetPolicy {
  const rate = { kind: 'faucet' as const, max: services.env.FAUCET_PER_MINUTE, windowMs: MINUTE_MS };
  return new FaucetPolicy(
    { maxSol: services.env.FAUCET_MAX_SOL, perMinute: services.env.FAUCET_PER_MINUTE },
    (client) => takeSharedRate(services.db, services.now(), rate, client),
  );
}

// The faucet routes (dev and JSON-RPC) are separate plugins: they find the shared policy by their Services.
const policies = new WeakMap<Services, FaucetPolicy>();

/** The faucet policy of this server (one per Services). */
export function faucetPolicyFor(services: Services): FaucetPolicy {
  let policy = policies.get(services);
  if (!policy) {
    policy = databaseFaucet(services);
    policies.set(services, policy);
  }
  return policy;
}

/** A refused airdrop as JSON-RPC reports it (-32602 over the cap, 429 over the rate), or null when allowed. */
export async function faucetRpcRefusal(policy: FaucetPolicy, client: string, lamports: bigint): Promise<{ code: number; message: string } | null> {
  const verdict = await policy.take(client, lamports);
  if (verdict.ok) return null;
  if (verdict.reason === 'over-cap') {
    return { code: -32602, message: `Invalid params: airdrop request too large: at most ${verdict.maxSol} SOL (${policy.maxLamports} lamports) per airdrop.` };
  }
  return { code: 429, message: `airdrop request limit reached: at most ${verdict.perMinute} airdrops a minute; try again in ${Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))} s.` };
}
