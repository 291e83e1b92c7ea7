import { WalletReadyState } from '@solana/wallet-adapter-base';
import { useWallet } from '@solana/wallet-adapter-react';
import { Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { isMobileUserAgent } from '../../solana/phantom';
import { useExtensionDetection } from '../../solana/useExtensionDetection';
import { useWalletDialog } from '../../solana/walletDialog';
import { useWalletStatus } from '../../solana/WalletStatusProvider';
import { Button } from '../ui/Button';
import { ConnectedWallet } from './ConnectedWallet';
import { connectButtonState } from './connectButtonState';
import { offerPhantomInstall, openInPhantomApp } from './walletActions';

/** The header's (and mobile menu's) wallet button: connect, reconnect, or the connected wallet's menu. */
export function WalletButton() {
  const { publicKey, connected, connecting, wallets } = useWallet();
  if (connected && publicKey) return <ConnectedWallet publicKey={publicKey} />;
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
