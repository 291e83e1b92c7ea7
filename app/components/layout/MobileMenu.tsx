import { useState } from 'react';
import { NavLink } from 'react-router';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useWallet } from '@solana/wallet-adapter-react';
import { Bell, Menu, Rocket, UserCircle, Wallet, X } from 'lucide-react';
import clsx from 'clsx';
import { shortAddress } from '../../../core/format';
import { useUnreadCount } from '../../api/notifications';
import { useAuth } from '../../auth/useAuth';
import { WalletButton } from '../wallet/WalletButton';
import { CampaignCounter } from './CampaignCounter';
import { NAV_LINKS } from './navLinks';

/**
 * Spec 1: the wallet's status with its short address. Below 1024 px the header's wallet button
 * shows the balance and leaves the address to this card, so neither repeats the other; once
 * connected the menu has no second wallet button (the header's is the one).
 */
function WalletStatus() {
  const { connected, publicKey } = useWallet();
  if (connected && publicKey) {
    return (
      <div className="rounded-lg border border-brand-500/40 bg-brand-500/10 p-3 text-sm" data-testid="mobile-wallet-status">
        <p className="flex items-center gap-2 font-semibold text-brand-600 dark:text-brand-400"><Wallet className="h-4 w-4" aria-hidden /> Wallet connected</p>
        <p className="mt-1 font-mono text-fg" data-testid="mobile-wallet-address">{shortAddress(publicKey.toBase58())}</p>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-line bg-surface p-3 text-sm" data-testid="mobile-wallet-status">
      <p className="flex items-center gap-2 font-semibold"><Wallet className="h-4 w-4" aria-hidden /> Wallet not connected</p>
      <p className="mt-1 text-muted">Use the wallet button in the header to connect your wallet.</p>
    </div>
  );
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  clsx('flex items-center gap-2 rounded-lg px-3 py-3 text-base font-medium hover:bg-surface-3', isActive ? 'text-brand-600 dark:text-brand-400' : 'text-fg');

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { connected } = useWallet();
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount().data ?? 0;
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className="rounded-lg p-2 text-fg hover:bg-surface-2 lg:hidden" aria-label="Open menu">
        <Menu className="h-6 w-6" aria-hidden />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 lg:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto border-l border-line bg-surface-2 p-4 text-fg lg:hidden">
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-bold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-md p-2 hover:bg-surface-3" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">Site navigation and wallet status</DialogPrimitive.Description>
          <WalletStatus />
          {!connected && <WalletButton />}
          <nav aria-label="Mobile" className="flex flex-col">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === '/'} className={itemClass} onClick={close}>{link.label}</NavLink>
            ))}
            {connected && (
              <NavLink to="/account" className={itemClass} onClick={close}><UserCircle className="h-5 w-5" aria-hidden /> My Account</NavLink>
            )}
            {isAuthenticated && (
              <NavLink to="/notifications" className={itemClass} onClick={close} data-testid="mobile-notifications">
                <Bell className="h-5 w-5" aria-hidden /> Notifications
                {unread > 0 && <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums">{unread}</span>}
              </NavLink>
            )}
            <NavLink to="/start-campaign" className={itemClass} onClick={close}><Rocket className="h-5 w-5" aria-hidden /> Start Campaign</NavLink>
          </nav>
          <CampaignCounter className="mt-auto rounded-lg border border-line p-3" />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
