import { Outlet, useLocation } from 'react-router';
import { ADMIN_PREFIX } from '../../../core/constants';
import { useLiveEvents } from '../../api/liveEvents';
import { CookieBanner } from './CookieBanner';
import { RouteEffects } from './RouteEffects';

const isAdminPath = (pathname: string) => pathname.toLowerCase() === ADMIN_PREFIX || pathname.toLowerCase().startsWith(`${ADMIN_PREFIX}/`);

/** Wraps every route, public and admin: live events, route effects and (public pages only) the cookie banner. */
export function AppShell() {
  useLiveEvents();
  // Operators' pages set no cookies of the consent categories, and the banner would cover their tables.
  const admin = isAdminPath(useLocation().pathname);
  return (
    <>
      <RouteEffects />
      <Outlet />
      {!admin && <CookieBanner />}
    </>
  );
}
