import { Outlet } from 'react-router';
import { useLiveEvents } from '../../api/liveEvents';
import { CookieBanner } from './CookieBanner';
import { RouteEffects } from './RouteEffects';

/** Wraps every route, public and admin: live events, route effects and the cookie banner. */
export function AppShell() {
  useLiveEvents();
  return (
    <>
      <RouteEffects />
      <Outlet />
      <CookieBanner />
    </>
  );
}
