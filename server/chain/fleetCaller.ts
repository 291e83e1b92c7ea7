import { timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';
import { deriveFromSecret } from '../keys/secret';

/**
 * The header every call of a fleet's own process to the ledger process carries: a value
 * derived from KEY_ENCRYPTION_SECRET, which every process of a fleet shares and nobody else
 * has. The ledger process serves such calls as its own (unlimited; with FORWARDED_CLIENT_HEADER
 * as a browser's, whose faucet the gateway already counted) and treats any other caller as a
 * stranger under the faucet's and a browser's limits. Sent only to a Causemint ledger process
 * (SOLANA_CLUSTER=localnet), never to an RPC provider.
 */
export const FLEET_CALLER_HEADER = 'x-causemint-fleet';

const tokens = new WeakMap<object, string>();

/** This process's mark (hex), computed once per configuration. */
export function fleetCallerToken(env: Env): string {
  let token = tokens.get(env);
  if (!token) {
    token = deriveFromSecret(env, 'fleet rpc caller v1').toString('hex');
    tokens.set(env, token);
  }
  return token;
}

/** The headers a fleet process adds to its calls to the ledger process; none in front of a real cluster. */
export function fleetCallerHeaders(env: Env): Record<string, string> {
  return env.SOLANA_CLUSTER === 'localnet' && env.SOLANA_RPC_URL ? { [FLEET_CALLER_HEADER]: fleetCallerToken(env) } : {};
}

/** Whether a request's header is this fleet's mark (compared in constant time). */
export function isFleetCaller(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string' || header.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(header), Buffer.from(token));
}
