import { PHANTOM_INSTALL_URL, phantomBrowseUrl } from '../../solana/phantom';
import { toastOpeningPhantom, toastWalletNotFound } from '../../solana/walletToasts';

/** No wallet installed: confirm, then open the install page; declining leaves the 'Wallet Not Found' toast with its Install action. */
export function offerPhantomInstall(): void {
  if (window.confirm('Phantom wallet is not installed. Would you like to install it?')) {
    window.open(PHANTOM_INSTALL_URL, '_blank', 'noopener,noreferrer');
  } else {
    toastWalletNotFound();
  }
}

/** Mobile without the extension: reopen this page inside the Phantom app. */
export function openInPhantomApp(): void {
  toastOpeningPhantom();
  const target = phantomBrowseUrl(window.location.href, window.location.origin);
  setTimeout(() => { window.location.href = target; }, 300);
}
