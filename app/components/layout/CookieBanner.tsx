import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Cookie, X } from 'lucide-react';
import { COOKIE_BANNER_DELAY_MS } from '../../../core/constants';
import { acceptCookies, declineCookies, hasRecordedConsent } from '../../lib/consent';
import { Button } from '../ui/Button';

export const BANNER_HEIGHT_VAR = '--cookie-banner-height';

/** Spec 2 section 2.15: appears 1.5 s after load unless a choice was recorded. */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    if (hasRecordedConsent()) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Toasts sit at the bottom too: lift them above the banner so they never cover its buttons.
  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(BANNER_HEIGHT_VAR, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => { observer.disconnect(); root.style.removeProperty(BANNER_HEIGHT_VAR); };
  }, [visible]);

  if (!visible) return null;
  const choose = (record: () => void) => { record(); setVisible(false); };

  return (
    <section
      ref={banner}
      role="region"
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      // Low, so the home page's first row of campaigns shows above it on a first visit (e2e/newcomer.test.ts).
      className="fixed inset-x-0 bottom-0 z-50 print:hidden border-t border-line bg-surface-2/95 px-4 py-3 shadow-2xl backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-2 pr-8 sm:flex-row sm:items-center sm:gap-6">
        <Cookie className="hidden h-7 w-7 shrink-0 text-gold-400 sm:block" aria-hidden />
        <p className="flex-1 text-xs text-muted sm:text-sm">
          We use cookies to remember your preferences and wallet connection<span className="hidden sm:inline"> and to understand how the site is used</span>.{' '}
          <Link to="/privacy" className="font-medium text-brand-600 dark:text-brand-400 underline">Cookie Policy</Link>
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => choose(declineCookies)}>Decline</Button>
          <Button size="sm" onClick={() => choose(acceptCookies)}>Accept</Button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => setVisible(false)}
        className="absolute top-3 right-3 rounded-md p-1 text-muted hover:text-fg"
        aria-label="Close cookie banner"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </section>
  );
}
