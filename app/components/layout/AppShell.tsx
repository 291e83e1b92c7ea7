import { Outlet, useLocation, useNavigation } from 'react-router';
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
      {useNavigation().state === 'loading' && <PageLoadingBar />}
      <RouteEffects />
      <Outlet />
      {!admin && <CookieBanner />}
    </>
  );
}

/**
 * A page's code loads on first visit (seconds on a slow link or a busy machine): a bar at
 * the top says so at once, where the old page would otherwise sit there looking unclicked.
 */
function PageLoadingBar() {
  return (
    <div role="progressbar" aria-label="Loading page" data-testid="page-loading" className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-500/20">
      <div className="h-full w-1/3 animate-[page-loading_1.2s_ease-in-out_infinite] rounded-full bg-brand-500" />
    </div>
  );
}
