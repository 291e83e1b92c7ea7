import { ApiError } from '../../api/client';
import type { CreateLaunchBody, CreateLaunchResult } from '../../api/launch';

/**
 * What recovery needs: the request-id lookup, the idempotent call that finishes the request
 * (create for a funded request, complete with the signed transaction for a DBC one), and a pause.
 */
export type RecoveryDeps<B extends { request_id: string } = CreateLaunchBody> = {
  findByRequest: (requestId: string) => Promise<{ token_address: string | null; transaction_signature: string | null } | null>;
  create: (body: B) => Promise<CreateLaunchResult>;
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
 * A create (or complete) answer the server gave in full and that settles the request: a refusal
 * of the request itself (4xx: for a DBC launch, one that did not land, so nothing was paid), or
 * a launch that failed and was refunded. Anything else (no answer,
 * an answer without the token address, a 5xx that is not a refund) may hide a launch that
 * went through, so it is looked up rather than reported as a failure.
 */
export function isSettledFailure(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.status >= 400 && err.status < 500) return true;
  return (err.body as { refunded?: unknown } | undefined)?.refunded === true;
}

/**
 * The outcome of a funded request whose create answer was lost: the campaign it created
 * (looked up by request id), else the answer of create sent again for the same request
 * (the server resumes it or returns the finished launch, never a second one). Throws a
 * settled failure as it is, or LaunchUnresolvedError when nothing is known after a few tries.
 */
export async function recoverLaunch<B extends { request_id: string }>(body: B, deps: RecoveryDeps<B>): Promise<CreateLaunchResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await deps.wait(PAUSE_MS);
    const found = await deps.findByRequest(body.request_id).catch(() => null);
    if (found?.token_address) return { mintAddress: found.token_address, txSignature: found.transaction_signature ?? '' };
    try {
      const again = await deps.create(body);
      if (again.mintAddress) return again;
    } catch (err) {
      if (isSettledFailure(err)) throw err;
    }
  }
  throw new LaunchUnresolvedError(body.request_id);
}
