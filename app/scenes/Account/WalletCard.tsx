import { ExternalLink, Wallet } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { formatSolBalance } from '../../solana/format';
import { useExplorer } from '../../solana/useExplorer';
import { useSolBalance } from '../../solana/useSolBalance';
import { CopyButton } from '../../components/CopyButton';

/** The connected wallet: full address with copy, explorer link and SOL balance. */
export function WalletCard({ address }: { address: string }) {
  const explorer = useExplorer();
  const { lamports } = useSolBalance();

  return (
    <Card data-testid="account-wallet-card">
      <h2 className="flex items-center gap-2 text-lg font-bold"><Wallet className="h-5 w-5 text-brand-400" aria-hidden /> Wallet</h2>
      <p className="mt-4 text-xs font-medium text-muted uppercase">Address</p>
      <div className="mt-1 flex items-center gap-1">
        <code data-testid="account-wallet-address" className="min-w-0 flex-1 rounded-md bg-surface px-2 py-1.5 font-mono text-sm break-all">{address}</code>
        <CopyButton text={address} label="Copy wallet address" toastTitle="Address Copied" testId="account-copy-address" />
      </div>
      <div className="mt-4 flex items-end justify-between gap-4">
        <div>
          <p className="text-xs font-medium text-muted uppercase">Balance</p>
          <p data-testid="account-wallet-balance" className="mt-1 text-xl font-bold text-brand-400">
            {lamports === undefined ? '… SOL' : formatSolBalance(lamports)}
          </p>
        </div>
        {explorer && (
          <a
            href={explorer.address(address)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="account-explorer-link"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-400 hover:underline"
          >
            View on Explorer <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        )}
      </div>
    </Card>
  );
}
