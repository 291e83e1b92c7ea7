import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../http/errors';
import { isCrossSiteRequest, isCrossSiteWrite } from '../http/origin';
import type { Env } from '../env';

/**
 * CSRF guard for cookie-authenticated admin writes: a present Origin must be our own
 * (PUBLIC_URL or the Host the request came to); see server/http/origin.ts, which also
 * guards every write carrying a wallet session cookie. Requests without Origin pass.
 */
export function assertSameOrigin(request: FastifyRequest, env: Env): void {
  if (isCrossSiteWrite(request, env)) throw forbidden('Cross-origin request refused');
}

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * preHandler for a GET that creates something (the spec keeps some such GETs): refused
 * when a browser sent it from another site, so a link elsewhere cannot act with our cookies.
 */
export function refuseCrossSite(env: Env): preHandlerAsyncHookHandler {
  return async (request) => {
    if (isCrossSiteRequest(request, env)) throw forbidden(CROSS_SITE_MESSAGE);
  };
}
