import { COOKIE_LIFETIME_DAYS } from '../../core/constants';

const DAY_MS = 86_400_000;

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** Spec 2 section 9: path /, SameSite=Lax, Secure on HTTPS. */
export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

export type PreferenceName = 'analytics' | 'functional' | 'marketing';

export function setPreference(name: PreferenceName, on: boolean): void {
  setCookie(`user-preferences-${name}`, String(on), COOKIE_LIFETIME_DAYS.userPreferences);
}

export function getPreference(name: PreferenceName): boolean {
  return getCookie(`user-preferences-${name}`) === 'true';
}
