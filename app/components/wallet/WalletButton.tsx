import { WalletReadyState } from '@solana/wallet-adapter-base';
import { useWallet } from '@solana/wallet-adapter-react';
import { Wallet } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { PublicKey } from '@solana/web3.js';
import { shortAddress } from '../../../core/format';
import { isMobileUserAgent } from '../../solana/phantom';
import { useExtensionDetection } from '../../solana/useExtensionDetection';
import { useWalletDialog } from '../../solana/walletDialog';
import { loadWalletEngineWhenIdle } from '../../solana/walletEngine/load';
import { useWalletStatus } from '../../solana/WalletStatusProvider';
import { Button } from '../ui/Button';
import { connectButtonState } from './connectButtonState';
import { offerPhantomInstall, openInPhantomApp } from './walletActions';

// The connected wallet's menu (Radix dropdown, balance) is wanted only once a wallet connects.
const loadConnectedWallet = () => import('./ConnectedWallet');
const ConnectedWallet = lazy(() => loadConnectedWallet().then((m) => ({ default: m.ConnectedWallet })));

/** Holds the menu button's place for the moment its code loads. */
function ConnectedWalletPlaceholder({ publicKey }: { publicKey: PublicKey }) {
  return (
    <span className="inline-flex h-9 items-center rounded-lg border border-brand-500/50 bg-surface-2 px-3 text-sm font-semibold">
      <span className="text-brand-600 lg:hidden dark:text-brand-400">… SOL</span>
      <span className="hidden font-mono lg:inline">{shortAddress(publicKey.toBase58())}</span>
    </span>
  );
}

/** The header's (and mobile menu's) wallet button: connect, reconnect, or the connected wallet's menu. */
export function WalletButton() {
  const { publicKey, connected, connecting, wallets } = useWallet();
  // A wallet button on the page means wallets will be wanted: detect them once the page is idle.
  useEffect(() => loadWalletEngineWhenIdle(), []);
  useEffect(() => { if (connecting) void loadConnectedWallet(); }, [connecting]);
  if (connected && publicKey) {
    return (
      <Suspense fallback={<ConnectedWalletPlaceholder publicKey={publicKey} />}>
        <ConnectedWallet publicKey={publicKey} />
      </Suspense>
    );
  }
  return <ConnectButton connecting={connecting} hasWallet={wallets.some((w) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable)} />;
}

function ConnectButton({ connecting, hasWallet }: { connecting: boolean; hasWallet: boolean }) {
  const { status, retry } = useWalletStatus();
  const { detecting } = useExtensionDetection();
  const { setOpen } = useWalletDialog();
  const isMobile = useMemo(() => isMobileUserAgent(navigator.userAgent), []);
  const { label, action } = connectButtonState({ status, connecting, isMobile, detecting, hasWallet });

  const onClick = () => {
    if (action === 'open-dialog') setOpen(true);
    else if (action === 'retry') retry();
    else if (action === 'install') offerPhantomInstall();
    else if (action === 'open-in-phantom') openInPhantomApp();
  };

  return (
    <Button size="sm" data-testid="wallet-button" onClick={onClick} disabled={action === 'none'} className="whitespace-nowrap">
      <Wallet className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}
