import type { FastifyPluginAsync } from 'fastify';
import { sessionCookieOptions } from '../../http/cookies';
import { ADMIN_COOKIE, findAdminSession } from '../../auth/admin/session';
import { loginAdmin } from '../../commands/loginAdmin';
import { logoutAdmin } from '../../commands/logoutAdmin';
import { HttpError, unauthorized } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { currentAdmin, requireAdmin } from '../../policies/admin';
import { FailureLimiter } from '../../policies/rateLimit';
import { assertSameOrigin } from '../../policies/sameOrigin';
import type { RouteOptions } from '../../services';
import { LoginSchema } from './schema';

/** Failed logins allowed per IP address in the window (the account lockout is separate and per account). */
export const LOGIN_RATE_LIMIT = { max: 20, windowMs: 10 * 60_000 };

/** POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session. */
export const adminSessionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const failures = new FailureLimiter(LOGIN_RATE_LIMIT);

  app.post('/admin/login', async (request, reply) => {
    assertSameOrigin(request, services.env);
    if (failures.isBlocked(request.ip)) throw new HttpError(429, 'Too many login attempts. Try again later.');
    const input = parseInput(LoginSchema, request.body);
    const result = await loginAdmin(services, {
      ...input, ip: request.ip, userAgent: request.headers['user-agent'] ?? null,
    });
    if (!result.ok) failures.recordFailure(request.ip);
    if (!result.ok && result.reason === 'locked') throw new HttpError(429, 'Too many failed attempts. Try again later.');
    if (!result.ok) throw unauthorized('Invalid username or password');
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
