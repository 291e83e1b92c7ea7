import type { onRequestAsyncHookHandler } from 'fastify';
import { ADMIN_PREFIX } from '../../../core/constants';
import { ADMIN_COOKIE, findAdminSession } from '../../auth/admin/session';
import type { Services } from '../../services';

const LOGIN = `${ADMIN_PREFIX}/login`;
const DASHBOARD = `${ADMIN_PREFIX}/dashboard`;

/**
 * Server-side guard for the admin pages (the React app guards them too): the bare
 * prefix goes to the dashboard, and any other admin page but the login needs a
 * live admin session, else a redirect to the login. Installed at the root, so it
 * runs before the not-found handler serves index.html.
 */
export function adminPageGuard(services: Services): onRequestAsyncHookHandler {
  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0];
    if (path !== ADMIN_PREFIX && !path.startsWith(`${ADMIN_PREFIX}/`)) return;
    if (path === ADMIN_PREFIX || path === `${ADMIN_PREFIX}/`) return reply.redirect(DASHBOARD, 302);
    if (path === LOGIN || path === `${LOGIN}/`) return;
    const admin = await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now());
    if (!admin) return reply.redirect(LOGIN, 302);
  };
}
