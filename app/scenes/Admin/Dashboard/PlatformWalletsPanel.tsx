import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, shortAddress } from '../../../../core/format';
import { useAdminPlatformWallets } from '../../../api/adminDashboard';
import { CopyButton } from '../../../components/CopyButton';
import { Card } from '../../../components/ui/Card';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadError } from './StatCard';

const PAGE_SIZE = 20;

/** Each campaign's distributor wallet and the donation wallet it pays, newest first: which campaign a wallet on an explorer belongs to. */
export function PlatformWalletsPanel() {
  const [page, setPage] = useState(1);
  const wallets = useAdminPlatformWallets(page, PAGE_SIZE);
  return (
    <Card className="p-4 sm:p-6" data-testid="platform-wallets">
      <h2 className="font-bold">Distributor Wallets</h2>
      <p className="mt-1 text-xs text-muted">Newest first. Each campaign's distributor wallet can only claim its fees and pay them to the donation wallet.</p>
      {wallets.isPending ? <Spinner /> : !wallets.data ? <LoadError message="Failed to load wallets" onRetry={() => void wallets.refetch()} /> : wallets.data.wallets.length === 0
        ? <p className="mt-3 text-sm text-muted">No campaigns launched yet.</p>
        : (
          <>
            <ul className="mt-3 divide-y divide-line text-sm">
              {wallets.data.wallets.map((w) => (
                <li key={w.distribution_wallet} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="platform-wallet">
                  <span className="min-w-0">
                    {w.token_address
                      ? <Link to={`/campaign/${w.token_address}`} className="font-medium hover:underline">{w.campaign_name ?? w.ticker}</Link>
                      : <span className="font-medium">{w.campaign_name ?? 'Campaign removed'}</span>}
                    {w.ticker && <span className="ml-1 text-muted">${w.ticker}</span>}
                    <span className="ml-2 text-xs text-muted">{formatDate(w.created_at)}</span>
                  </span>
                  <span className="flex flex-wrap items-center gap-3 font-mono text-xs">
                    <span className="inline-flex items-center gap-1">Distributor {shortAddress(w.distribution_wallet)}
                      <CopyButton text={w.distribution_wallet} label="Copy distributor wallet" toastTitle="Address Copied" /></span>
                    <span className="inline-flex items-center gap-1">Pays {shortAddress(w.donation_wallet)}
                      <CopyButton text={w.donation_wallet} label="Copy donation wallet" toastTitle="Address Copied" /></span>
                  </span>
                </li>
              ))}
            </ul>
            <Pagination page={page} pages={Math.max(1, Math.ceil(wallets.data.total / PAGE_SIZE))} onPage={setPage} label="Wallet pages" />
          </>
        )}
    </Card>
  );
}
