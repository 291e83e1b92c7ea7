import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { useWallet, type Wallet } from '@solana/wallet-adapter-react';
import { Download } from 'lucide-react';
import { LOCAL_WALLET_NAME } from '../../solana/localWallet/name';
import { useClientConfig } from '../../api/config';
import { useWalletEngineReady } from '../../solana/walletEngine/load';
import { Dialog } from '../ui/Dialog';
import { Spinner } from '../ui/Spinner';
import { offerPhantomInstall } from './walletActions';

const usable = (w: Wallet) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable;

/** Detected wallets, the Local wallet first (local mode only: it is never registered otherwise). */
function listWallets(wallets: Wallet[]): Wallet[] {
  return wallets.filter(usable).sort((a, b) => Number(b.adapter.name === LOCAL_WALLET_NAME) - Number(a.adapter.name === LOCAL_WALLET_NAME));
}

export function WalletDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { wallets, wallet, select, connect } = useWallet();
  const { data: config } = useClientConfig();
  const ready = useWalletEngineReady();
  const list = listWallets(wallets);

  const choose = (name: WalletName) => {
    onOpenChange(false);
    // Selecting connects (autoConnect); a wallet already selected but not connected needs an explicit connect.
    if (wallet?.adapter.name === name) void connect().catch(() => {});
    else select(name);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Connect a wallet" description="Choose the Solana wallet to use on this site.">
      {/* Opened before the wallet engine has loaded: no wallet is known yet, so none is offered. */}
      {!ready && <Spinner label="Loading wallets..." />}
      {ready && <ul className="flex flex-col gap-2" data-testid="wallet-dialog">
        {list.map((w) => (
          <li key={w.adapter.name}>
            <button
              type="button"
              data-testid="wallet-option"
              onClick={() => choose(w.adapter.name)}
              className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-left font-semibold hover:border-brand-500"
            >
              <img src={w.adapter.icon} alt="" className="h-8 w-8 rounded-md" width={32} height={32} />
              <span className="flex-1">{w.adapter.name}</span>
              {w.adapter.name === LOCAL_WALLET_NAME
                ? <span className="text-xs font-normal text-muted">Test wallet in this browser</span>
                : <span className="text-xs font-normal text-brand-400">Detected</span>}
            </button>
          </li>
        ))}
        {!list.some((w) => w.adapter.name !== LOCAL_WALLET_NAME) && (
          <li>
            <button
              type="button"
              data-testid="wallet-option-install"
              onClick={() => { onOpenChange(false); offerPhantomInstall(); }}
              className="flex w-full items-center gap-3 rounded-xl border border-dashed border-line px-4 py-3 text-left font-semibold hover:border-brand-500"
            >
              <Download className="h-8 w-8 p-1 text-muted" aria-hidden />
              <span className="flex-1">Phantom</span>
              <span className="text-xs font-normal text-muted">Install Phantom</span>
            </button>
          </li>
        )}
      </ul>}
      {config?.localMode && (
        <p className="mt-4 text-xs text-muted">
          This site runs on its own local ledger: the Local wallet keeps its key in this browser and can get free test SOL.
        </p>
      )}
    </Dialog>
  );
}
