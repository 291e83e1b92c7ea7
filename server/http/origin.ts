import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Env } from '../env';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an Origin header names this site: PUBLIC_URL's origin, or the Host the
 * request was sent to (a page's own origin when no PUBLIC_URL is configured). A
 * cross-site page cannot choose the Host its victim's browser sends.
 */
export function isOwnOrigin(origin: string, request: FastifyRequest, env: Env): boolean {
  let url: URL;
  try { url = new URL(origin); } catch { return false; }
  if (url.origin === new URL(env.publicUrl).origin) return true;
  return Boolean(request.headers.host) && url.host === request.headers.host;
}

/** Whether the request changes state and a browser sent it from another site. */
export function isCrossSiteWrite(request: FastifyRequest, env: Env): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  // Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE; its absence means
  // a same-origin navigation or a non-browser client, which carries no ambient cookie risk.
  return origin !== undefined && !isOwnOrigin(origin, request, env);
}

/**
 * Whether a browser sent this request from another site, whatever its method: the
 * browser's own Sec-Fetch-Site verdict when it gives one (only same-origin and a typed
 * URL, 'none', pass), else a foreign Origin or Referer. A top-level navigation carries
 * our Lax cookies across sites, so a GET that creates something must ask this.
 */
export function isCrossSiteRequest(request: FastifyRequest, env: Env): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const { origin, referer } = request.headers;
  if (origin !== undefined && !isOwnOrigin(origin, request, env)) return true;
  return referer !== undefined && !isOwnOrigin(referer, request, env);
}

/**
 * CSRF guard for the whole server: a write that carries one of our session cookies
 * and comes from a foreign Origin is refused before any route runs.
 */
export function refuseCrossSiteWrites(env: Env, sessionCookies: string[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (!sessionCookies.some((name) => request.cookies?.[name] !== undefined)) return;
    if (isCrossSiteWrite(request, env)) throw forbidden('Cross-site request refused');
  };
}
