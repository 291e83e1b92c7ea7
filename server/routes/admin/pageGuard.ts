import type { onRequestAsyncHookHandler } from 'fastify';
import { matchRoutes, type RouteObject } from 'react-router';
import { ADMIN_PREFIX } from '../../../core/constants';
import { ADMIN_COOKIE, findAdminSession } from '../../auth/admin/session';
import type { Services } from '../../services';

const LOGIN = `${ADMIN_PREFIX}/login`;
const DASHBOARD = `${ADMIN_PREFIX}/dashboard`;

/**
 * The admin branch of the app's route table (app/routes/index.tsx), matched by React
 * Router's own matcher: whatever spelling the app would render as an admin page (any
 * letter case, percent-encoded letters, trailing or doubled slashes inside) the guard
 * sees as one too. Anything the app renders behind its AdminGuard is a splat here.
 */
const ADMIN_ROUTES: RouteObject[] = [{
  path: ADMIN_PREFIX,
  children: [
    { id: 'index', index: true },
    { id: 'login', path: 'login' },
    { id: 'guarded', path: '*' },
  ],
}];

/**
 * Server-side guard for the admin pages (the React app guards them too): the bare
 * prefix goes to the dashboard, and any other admin page but the login needs a
 * live admin session, else a redirect to the login. Installed at the root, so it
 * runs before the not-found handler serves index.html.
 */
export function adminPageGuard(services: Services): onRequestAsyncHookHandler {
  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const page = adminPage(request.url.split('?')[0]);
    if (!page) return;
    if (page === 'index') return reply.redirect(DASHBOARD, 302);
    if (page === 'login') return;
    const admin = await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now());
    if (!admin) return reply.redirect(LOGIN, 302);
  };
}

/** Which admin page the app would render for this path, or undefined when none. */
export function adminPage(pathname: string): 'index' | 'login' | 'guarded' | undefined {
  const matches = matchRoutes(ADMIN_ROUTES, routerPathname(pathname));
  return matches?.at(-1)?.route.id as 'index' | 'login' | 'guarded' | undefined;
}

// React Router decodes each segment before matching, and matches the raw path when one
// does not decode (logging a warning). Escaping every '%' makes its decoding give back
// the raw path: the same match, without a log line per crafted request.
function routerPathname(pathname: string): string {
  try {
    for (const segment of pathname.split('/')) decodeURIComponent(segment);
    return pathname;
  } catch {
    return pathname.replace(/%/g, '%25');
  }
}
