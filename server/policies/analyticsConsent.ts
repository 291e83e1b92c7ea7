// The cookie banner's record (app/lib/consent.ts): 'true' only after Accept, which also turns analytics on.
const CONSENT_COOKIE = 'cookie-consent';
const ANALYTICS_PREFERENCE_COOKIE = 'user-preferences-analytics';

/**
 * Whether the request carries the visitor's analytics consent (spec 2: Accept grants analytics
 * storage; Decline, or no choice yet, does not). Page views are stored only with it, and a
 * wallet sign-in stores its analytics fields (address, device, browser, place) only with it.
 */
export function analyticsConsented(cookies: Record<string, string | undefined>): boolean {
  return cookies[CONSENT_COOKIE] === 'true' && cookies[ANALYTICS_PREFERENCE_COOKIE] === 'true';
}
