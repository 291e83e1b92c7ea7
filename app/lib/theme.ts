import { COOKIE_LIFETIME_DAYS } from '../../core/constants';
import { getCookie, setCookie } from './cookies';

export type Theme = 'dark' | 'light';
const THEME_COOKIE = 'theme-preference';

export function currentTheme(): Theme {
  return getCookie(THEME_COOKIE) === 'light' ? 'light' : 'dark';
}

/** The theme-preference cookie (default dark) drives the `dark` class on <html>. */
export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  setCookie(THEME_COOKIE, theme, COOKIE_LIFETIME_DAYS.themePreference);
  applyTheme(theme);
}
