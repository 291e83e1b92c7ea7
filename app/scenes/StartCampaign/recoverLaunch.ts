import { ApiError } from '../../api/client';
import type { CreateLaunchResult } from '../../api/launch';

/**
 * What recovery needs: the request-id lookup, complete sent again with the same signed
 * launch transaction (idempotent: it relays it or finds it landed), and a pause.
 */
export type RecoveryDeps = {
  findByRequest: (requestId: string) => Promise<{ token_address: string | null; transaction_signature: string | null } | null>;
  complete: () => Promise<CreateLaunchResult>;
  wait: (ms: number) => Promise<void>;
};

/** A paid launch whose outcome could not be learned yet: the page must not offer the form again. */
export class LaunchUnresolvedError extends Error {
  constructor(readonly requestId: string) {
    super('The campaign could not be confirmed yet');
    this.name = 'LaunchUnresolvedError';
  }
}

const ATTEMPTS = 5;
const PAUSE_MS = 2000;

/**
 * A complete answer the server gave in full and that settles the request: a refusal of the
 * request itself (4xx: a launch that did not land, so nothing was paid). Anything else (no
 * answer, an answer without the token address, a 5xx) may hide a launch that went through,
 * so it is looked up rather than reported as a failure.
 */
export function isSettledFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

/**
 * The outcome of a signed launch whose complete answer was lost: the campaign it created
 * (looked up by request id), else the answer of complete sent again for the same request
 * (the server relays the same transaction or returns the finished launch, never a second
 * one). Throws a settled failure as it is, or LaunchUnresolvedError when nothing is known after a few tries.
 */
export async function recoverLaunch(requestId: string, deps: RecoveryDeps): Promise<CreateLaunchResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await deps.wait(PAUSE_MS);
    const found = await deps.findByRequest(requestId).catch(() => null);
    if (found?.token_address) return { mintAddress: found.token_address, txSignature: found.transaction_signature ?? '' };
    try {
      const again = await deps.complete();
      if (again.mintAddress) return again;
    } catch (err) {
      if (isSettledFailure(err)) throw err;
    }
  }
  throw new LaunchUnresolvedError(requestId);
}
