import * as Menu from '@radix-ui/react-dropdown-menu';
import { useWallet } from '@solana/wallet-adapter-react';
import type { PublicKey } from '@solana/web3.js';
import { ChevronDown, Copy, Droplets, ExternalLink, LogOut, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { shortAddress } from '../../../core/format';
import { formatSolBalance } from '../../solana/format';
import { useClientConfig } from '../../api/config';
import { useExplorer } from '../../solana/useExplorer';
import { useSolBalance } from '../../solana/useSolBalance';
import { useTestSol } from '../../solana/useTestSol';
import { useWalletDialog } from '../../solana/walletDialog';
import { toastAddressCopied } from '../../solana/walletToasts';

function Item({ testId, onSelect, disabled, children }: { testId: string; onSelect: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Menu.Item
      data-testid={testId}
      disabled={disabled}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-surface-3"
    >
      {children}
    </Menu.Item>
  );
}

/** The connected wallet: balance and short address, with the wallet menu. */
export function ConnectedWallet({ publicKey }: { publicKey: PublicKey }) {
  const { disconnect, wallet } = useWallet();
  const { lamports } = useSolBalance(publicKey);
  const { data: config } = useClientConfig();
  const explorer = useExplorer();
  const testSol = useTestSol();
  const { setOpen } = useWalletDialog();
  const address = publicKey.toBase58();

  const copy = async () => {
    await navigator.clipboard.writeText(address).catch(() => {});
    toastAddressCopied();
  };

  // A new Local wallet holds nothing: say where the test SOL is, right beside it.
  const empty = Boolean(config?.localMode) && lamports === 0n;
  return (
    <>
    {empty && (
      <button
        type="button"
        data-testid="header-test-sol"
        aria-label={testSol.isPending ? 'Getting test SOL...' : 'Get test SOL'}
        disabled={testSol.isPending}
        onClick={() => testSol.mutate(publicKey)}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg bg-brand-500 px-3 text-sm font-semibold text-slate-950 hover:bg-brand-400 disabled:opacity-60"
      >
        <Droplets className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline" aria-hidden>{testSol.isPending ? 'Getting test SOL...' : 'Get test SOL'}</span>
      </button>
    )}
    <Menu.Root>
      {/* Named by what it shows (no aria-label that leaves the balance out: WCAG 2.5.3). The balance
          shows at every width; the address from 1024 px, below which the mobile menu carries it. */}
      <Menu.Trigger
        data-testid="wallet-button"
        className="inline-flex h-9 shrink-0 items-center gap-2 whitespace-nowrap rounded-lg border border-brand-500/50 bg-surface-2 px-3 text-sm font-semibold hover:bg-surface-3"
      >
        <span className="sr-only">Wallet </span>
        {wallet && <img src={wallet.adapter.icon} alt="" className="h-4 w-4 rounded" width={16} height={16} />}
        <span data-testid="wallet-balance" className="text-brand-600 dark:text-brand-400">
          {lamports === undefined ? '… SOL' : formatSolBalance(lamports)}
        </span>
        <span data-testid="wallet-address" className="hidden font-mono lg:inline">{shortAddress(address)}</span>
        <ChevronDown className="h-4 w-4 text-muted" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-xl border border-line bg-surface-2 p-1 text-fg shadow-xl">
          <Menu.Label className="px-3 py-2 text-xs text-muted">
            {wallet?.adapter.name}
            {/* The trigger hides the address on narrow screens: show it here instead. */}
            <span className="font-mono lg:hidden"> · {shortAddress(address)}</span>
          </Menu.Label>
          <Item testId="wallet-menu-copy" onSelect={() => void copy()}><Copy className="h-4 w-4" aria-hidden /> Copy Address</Item>
          <Item testId="wallet-menu-explorer" disabled={!explorer} onSelect={() => explorer && window.open(explorer.address(address), '_blank', 'noopener,noreferrer')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> View on Explorer
          </Item>
          {config?.localMode && (
            <Item testId="wallet-menu-test-sol" disabled={testSol.isPending} onSelect={() => testSol.mutate(publicKey)}>
              <Droplets className="h-4 w-4" aria-hidden /> {testSol.isPending ? 'Getting test SOL...' : 'Get test SOL'}
            </Item>
          )}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Item testId="wallet-menu-change" onSelect={() => setOpen(true)}><Repeat className="h-4 w-4" aria-hidden /> Change Wallet</Item>
          <Item testId="wallet-menu-disconnect" onSelect={() => void disconnect().catch(() => {})}><LogOut className="h-4 w-4" aria-hidden /> Disconnect</Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
    </>
  );
}
