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

/** Fire-and-forget: analytics must never break navigation. */
export function sendPageView(path: string, referrer: string): void {
  api.post<void>('/api/analytics/page-view', { path, referrer, visitorId: visitorId() }).catch(() => undefined);
}
