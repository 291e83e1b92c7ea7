import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { recordApiTest } from '../../commands/recordApiTest';
import { adminActor, requireAdmin } from '../../policies/admin';
import type { RouteOptions } from '../../services';
import { ApiTestSchema } from './schema';

const MAX_BODY_CHARS = 64_000;
// Hop-by-hop and framing headers are ours to set, and the client address is the admin's:
// the tester must not smuggle either (a forged X-Forwarded-For would dodge per-IP limits and blocks).
const DROPPED_HEADERS = new Set([
  'host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'expect', 'te', 'trailer',
  'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip',
]);
const SELF = 'http://causemint.internal';

const hasControlCharacter = (text: string) => [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * The target as a path of this site's /api, or null. Only a plain path is accepted: no
 * scheme, no host, no '//' or '\' tricks, no '..' that leaves /api. The request is then
 * made in-process (Fastify inject), so no socket to any host is ever opened.
 */
export function ownApiPath(input: string): string | null {
  if (!input.startsWith('/') || input.startsWith('//') || input.includes('\\') || hasControlCharacter(input)) return null;
  let url: URL;
  try { url = new URL(input, SELF); } catch { return null; }
  if (url.origin !== SELF) return null;
  if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return null;
  // The tester calling itself would recurse.
  if (url.pathname === '/api/admin/api-test') return null;
  return url.pathname + url.search;
}

/** POST /api/admin/api-test: the API tester, restricted to this site's own /api paths. */
export const apiTesterRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.post('/admin/api-test', { preHandler: requireAdmin(services) }, async (request) => {
    const input = parseInput(ApiTestSchema, request.body);
    const path = ownApiPath(input.path);
    if (!path) throw badRequest('Only this site\'s own /api paths can be tested (e.g. /api/health)');
    const headers = Object.fromEntries(Object.entries(input.headers).filter(([k]) => !DROPPED_HEADERS.has(k.toLowerCase())));
    const started = performance.now();
    const res = await app.inject({
      method: input.method,
      url: path,
      headers,
      remoteAddress: request.ip,
      ...(input.method !== 'GET' && input.body ? { payload: input.body } : {}),
    });
    const durationMs = Math.round(performance.now() - started);
    await recordApiTest(services, adminActor(request), { method: input.method, path, status: res.statusCode, durationMs });
    const body = res.body.length > MAX_BODY_CHARS ? `${res.body.slice(0, MAX_BODY_CHARS)}\n… (cut at ${MAX_BODY_CHARS.toLocaleString('en-US')} characters)` : res.body;
    return {
      ok: res.statusCode < 400,
      status: res.statusCode,
      statusText: res.statusMessage,
      durationMs,
      contentType: res.headers['content-type'] ?? null,
      body,
    };
  });
};
