import { Link, NavLink } from 'react-router';
import { useWallet } from '@solana/wallet-adapter-react';
import { Rocket, UserCircle } from 'lucide-react';
import clsx from 'clsx';
import { WalletButton } from '../wallet/WalletButton';
import { ButtonLink } from '../ui/Button';
import { CampaignCounter } from './CampaignCounter';
import { MobileMenu } from './MobileMenu';
import { NotificationBell } from './NotificationBell';
import { NAV_LINKS } from './navLinks';

export function Header() {
  const { connected } = useWallet();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-extrabold" aria-label="Causemint home">
          <img src="/favicon.svg" alt="Causemint logo" className="h-8 w-8" width={32} height={32} />
          <span className="hidden text-lg sm:inline">Causemint</span>
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => clsx('whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium hover:bg-surface-2', isActive ? 'text-brand-600 dark:text-brand-400' : 'text-muted')}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <CampaignCounter className="hidden text-right md:block lg:hidden xl:block" />
          <div data-testid="wallet-slot" className="flex items-center gap-2"><WalletButton /></div>
          <NotificationBell />
          {connected && (
            // Below 440 px a connected wallet's header keeps the wallet and the bell; the menu carries My Account and Start Campaign.
            <Link to="/account" aria-label="My Account" className="rounded-full p-1 text-muted hover:text-fg max-[439px]:hidden">
              <UserCircle className="h-7 w-7" aria-hidden />
            </Link>
          )}
          <ButtonLink to="/start-campaign" size="sm" className={clsx('whitespace-nowrap', connected && 'max-[439px]:hidden')} aria-label="Start Campaign">
            <Rocket className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Start Campaign</span>
          </ButtonLink>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
