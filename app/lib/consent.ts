import { COOKIE_LIFETIME_DAYS } from '../../core/constants';
import { getCookie, setCookie, setPreference } from './cookies';
import { removeFunctionalCookies } from './functionalCookies';
import { saveThemePreference } from './theme';

type Storage = 'granted' | 'denied';
export type ConsentMode = {
  analytics_storage: Storage;
  functionality_storage: Storage;
  personalization_storage: Storage;
  ad_storage: Storage;
  security_storage: Storage;
};

export const CONSENT_COOKIE = 'cookie-consent';
export const CONSENT_MODE_KEY = 'consent-mode';

export function hasRecordedConsent(): boolean {
  return getCookie(CONSENT_COOKIE) !== undefined;
}

/** The consent-mode record, in the shape tag managers read (`gtag('consent', 'update', ...)`). */
export function readConsentMode(): ConsentMode | undefined {
  try {
    const raw = localStorage.getItem(CONSENT_MODE_KEY);
    return raw ? (JSON.parse(raw) as ConsentMode) : undefined;
  } catch {
    return undefined;
  }
}

function recordConsentMode(mode: ConsentMode): void {
  try { localStorage.setItem(CONSENT_MODE_KEY, JSON.stringify(mode)); } catch { /* storage disabled */ }
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(['consent', 'update', mode]);
}

export function acceptCookies(): void {
  setCookie(CONSENT_COOKIE, 'true', COOKIE_LIFETIME_DAYS.cookieConsent);
  setPreference('analytics', true);
  setPreference('functional', true);
  setPreference('marketing', false);
  recordConsentMode({
    analytics_storage: 'granted',
    functionality_storage: 'granted',
    personalization_storage: 'granted',
    ad_storage: 'denied',
    security_storage: 'granted',
  });
  saveThemePreference();
}

/** Declining still records the choice, so the banner does not come back. */
export function declineCookies(): void {
  setCookie(CONSENT_COOKIE, 'false', COOKIE_LIFETIME_DAYS.cookieConsent);
  setPreference('analytics', false);
  setPreference('functional', false);
  setPreference('marketing', false);
  // Functional cookies set under an earlier Accept go with the refusal.
  removeFunctionalCookies();
  recordConsentMode({
    analytics_storage: 'denied',
    functionality_storage: 'denied',
    personalization_storage: 'denied',
    ad_storage: 'denied',
    security_storage: 'granted',
  });
}
