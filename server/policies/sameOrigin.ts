import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';
import { isCrossSiteWrite } from '../http/origin';
import type { Env } from '../env';

/**
 * CSRF guard for cookie-authenticated admin writes: a present Origin must be our own
 * (PUBLIC_URL or the Host the request came to); see server/http/origin.ts, which also
 * guards every write carrying a wallet session cookie. Requests without Origin pass.
 */
export function assertSameOrigin(request: FastifyRequest, env: Env): void {
  if (isCrossSiteWrite(request, env)) throw forbidden('Cross-origin request refused');
}
