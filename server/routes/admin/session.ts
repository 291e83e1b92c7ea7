import type { FastifyPluginAsync } from 'fastify';
import { sessionCookieOptions } from '../../http/cookies';
import { ADMIN_COOKIE, findAdminSession } from '../../auth/admin/session';
import { admitLoginAttempt, clearLoginFailures } from '../../commands/admitLoginAttempt';
import { loginAdmin } from '../../commands/loginAdmin';
import { logoutAdmin } from '../../commands/logoutAdmin';
import { unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { currentAdmin, requireAdmin } from '../../policies/admin';
import { assertSameOrigin } from '../../policies/sameOrigin';
import type { RouteOptions } from '../../services';
import { LoginSchema } from './schema';

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session. */
export const adminSessionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  app.post('/admin/login', async (request, reply) => {
    assertSameOrigin(request, services.env);
    const input = parseInput(LoginSchema, request.body);
    const attempt = { ip: request.ip, username: input.username };
    // Refused before any lookup or password check: the same answer, as fast, for every username.
    const waitMs = await admitLoginAttempt(services, attempt);
    if (waitMs > 0) {
      return reply.status(429).header('retry-after', String(Math.ceil(waitMs / 1000))).send({ error: tooManyAttempts(waitMs) });
    }
    const result = await loginAdmin(services, {
      ...input, ip: request.ip, userAgent: request.headers['user-agent'] ?? null,
    });
    if (!result.ok) throw unauthorized('Invalid username or password');
    await clearLoginFailures(services, attempt);
    reply.setCookie(ADMIN_COOKIE, result.token, sessionCookieOptions(services.env, result.expiresAt));
    return { username: result.username, expiresAt: result.expiresAt.toISOString() };
  });

  // Always clears the cookie, so an expired session can still log out cleanly.
  app.post('/admin/logout', async (request, reply) => {
    assertSameOrigin(request, services.env);
    const admin = await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now());
    if (admin) await logoutAdmin(services, admin, request.ip);
    reply.clearCookie(ADMIN_COOKIE, sessionCookieOptions(services.env));
    return reply.status(204).send();
  });

  app.get('/admin/session', { preHandler: requireAdmin(services) }, async (request, reply) => {
    const admin = currentAdmin(request);
    return reply.header('cache-control', 'no-store').send({ username: admin.username, expiresAt: admin.expiresAt.toISOString() });
  });
};

function tooManyAttempts(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many login attempts. Try again in ${wait}.`;
}
