import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ADMIN_PREFIX } from '../../../core/constants';
import { sendPageView } from '../../api/analytics';

/** On every route change: scroll to the top and record a page view. */
export function RouteEffects() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    const referrer = previous.current === null ? document.referrer : `${window.location.origin}${previous.current}`;
    // Admin pages stay out of the visitor analytics (and keep their path out of it).
    if (!pathname.startsWith(ADMIN_PREFIX)) sendPageView(pathname, referrer);
    previous.current = pathname;
  }, [pathname]);
  return null;
}
