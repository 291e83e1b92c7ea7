import { Link } from 'react-router';
import { SOCIAL_LABEL, SOCIAL_URL } from '../../lib/site';
import { SupportChat } from './SupportChat';
import { SupportWallet } from './SupportWallet';
import { ThemeToggle } from './ThemeToggle';

const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/verified-charities', label: 'Verified Charities' },
  { to: '/report', label: 'Report' },
] as const;

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden>
      <path d="M18.9 2H22l-7.3 8.3L23 22h-6.6l-5.2-6.8L5.3 22H2.2l7.8-8.9L1.8 2h6.8l4.7 6.2L18.9 2Zm-1.2 18h1.8L7.4 3.9H5.5L17.7 20Z" />
    </svg>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-surface-2">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <Link to="/" className="flex items-center gap-2 font-extrabold">
            <img src="/favicon.svg" alt="Causemint logo" className="h-7 w-7" width={28} height={28} />
            Causemint
          </Link>
          <p className="mt-2 max-w-xs text-sm text-muted">From meme to movement: fundraising campaigns that are also tradable tokens.</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <SupportChat />
            <a href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" aria-label={SOCIAL_LABEL} className="rounded-md border border-line p-2 text-muted hover:text-fg">
              <XLogo />
            </a>
          </div>
        </div>
        <SupportWallet />
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="w-fit text-muted hover:text-fg">{link.label}</Link>
          ))}
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-muted sm:px-6">
          <p>© {new Date().getFullYear()} Causemint. All rights reserved.</p>
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}
