import { COOKIE_LIFETIME_DAYS } from '../../core/constants';
import { getCookie, setCookie } from './cookies';
import { functionalAllowed, THEME_COOKIE } from './functionalCookies';

export type Theme = 'dark' | 'light';

// Without functional consent the choice lasts for this page's life only (no cookie).
let unsavedTheme: Theme | undefined;

export function currentTheme(): Theme {
  const saved = getCookie(THEME_COOKIE);
  if (saved === 'light' || saved === 'dark') return saved;
  return unsavedTheme ?? 'dark';
}

/** The theme-preference cookie (default dark) drives the `dark` class on <html>. */
export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

/**
 * Spec 2 section 9: theme-preference (default dark, 1 year) is written on the first visit,
 * as soon as functional cookies are allowed (at start, or the moment the visitor accepts).
 */
export function saveThemePreference(): void {
  if (functionalAllowed() && getCookie(THEME_COOKIE) === undefined) {
    setCookie(THEME_COOKIE, currentTheme(), COOKIE_LIFETIME_DAYS.themePreference);
  }
}

export function setTheme(theme: Theme): void {
  unsavedTheme = theme;
  if (functionalAllowed()) setCookie(THEME_COOKIE, theme, COOKIE_LIFETIME_DAYS.themePreference);
  applyTheme(theme);
}
