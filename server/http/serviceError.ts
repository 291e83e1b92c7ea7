import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from './errors';

/**
 * The spec's service messages (spec 1 section 8 'Service messages') for failures that are
 * not the caller's fault: a refusal the route already explained (an HttpError) passes as
 * it is; anything else is logged and answered 502 `{ error: message }`, with `reason`
 * beside it when a safe one is known. Use as `.catch(serviceError(request.log, '...'))`.
 */
export function serviceError(log: FastifyBaseLogger, message: string, reasonOf?: (err: unknown) => string | undefined) {
  return (err: unknown): never => {
    if (err instanceof HttpError) throw err;
    log.error({ err }, message);
    const reason = reasonOf?.(err);
    throw new HttpError(502, message, reason ? { reason } : {});
  };
}

/** Runs `work`, answering its unexpected failures with the service message (see serviceError). */
export async function asService<T>(log: FastifyBaseLogger, message: string, work: () => Promise<T>): Promise<T> {
  return work().catch(serviceError(log, message));
}
