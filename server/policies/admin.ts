import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ADMIN_COOKIE, findAdminSession, type AdminIdentity } from '../auth/admin/session';
import { unauthorized } from '../http/errors';
import type { Services } from '../services';
import { assertSameOrigin } from './sameOrigin';

const admins = new WeakMap<FastifyRequest, AdminIdentity>();

/**
 * preHandler for every admin API route: a live admin session cookie, and for writes
 * an Origin that is our own. Handlers then read the admin with `currentAdmin(request)`.
 */
export function requireAdmin(services: Services): preHandlerAsyncHookHandler {
  return async (request) => {
    assertSameOrigin(request, services.env);
    const admin = await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now());
    if (!admin) throw unauthorized('Admin session required');
    admins.set(request, admin);
  };
}

export function currentAdmin(request: FastifyRequest): AdminIdentity {
  const admin = admins.get(request);
  if (!admin) throw new Error('currentAdmin() called on a route without requireAdmin');
  return admin;
}

/** The audit actor for the signed-in admin of this request. */
export function adminActor(request: FastifyRequest) {
  const admin = currentAdmin(request);
  return { id: admin.id, username: admin.username, ip: request.ip };
}
