import { CONSENT_COOKIE } from '../lib/consent';
import { getCookie, getPreference } from '../lib/cookies';
import { api } from './client';

const VISITOR_KEY = 'causemint-visitor-id';

function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}

/** Only after Accept on the cookie banner: a visitor who declined or has not chosen sends nothing (the server checks too). */
function analyticsAllowed(): boolean {
  return getCookie(CONSENT_COOKIE) === 'true' && getPreference('analytics');
}

/** Fire-and-forget: analytics must never break navigation. */
export function sendPageView(path: string, referrer: string): void {
  if (!analyticsAllowed()) return;
  api.post<void>('/api/analytics/page-view', { path, referrer, visitorId: visitorId() }).catch(() => undefined);
}
