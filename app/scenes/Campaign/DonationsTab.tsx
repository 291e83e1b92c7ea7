import { useState } from 'react';
import { Download, ExternalLink, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { DONATIONS_PAGE_SIZE } from '../../../core/constants';
import { formatSolFixed, relativeTime, shortAddress } from '../../../core/format';
import { refusalMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { listFailure } from '../../components/campaign/CampaignGridStates';
import { donationsCsvUrl, useDonations } from '../../api/donations';
import { Pagination } from '../../components/ui/Pagination';
import { Spinner } from '../../components/ui/Spinner';
import { useNow } from '../../lib/useNow';
import { everyInterval } from '../../../core/taxStory';
import { usePayoutIntervalMs } from '../../api/config';
import { useExplorer } from '../../solana/useExplorer';

/** Spec 1 'Donations tab': 10 a page, SOL to 3 decimals, 'New' for the newest, total raised to 2 decimals. */
export function DonationsTab({ mint }: { mint: string }) {
  const [page, setPage] = useState(1);
  const payoutMs = usePayoutIntervalMs();
  const donations = useDonations(mint, { limit: DONATIONS_PAGE_SIZE, offset: (page - 1) * DONATIONS_PAGE_SIZE });
  const explorer = useExplorer();
  const now = new Date(useNow(30_000));
  const data = donations.data;
  const failure = listFailure(donations) ?? null;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / DONATIONS_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-2 p-5" data-testid="donations-tab">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">Donations</h2>
          {data && <p className="text-sm text-muted">Total raised: <span className="font-bold text-fg" data-testid="donations-total">{formatSolFixed(BigInt(data.totalRaisedLamports), 2)} SOL</span></p>}
        </div>
        {data && data.total > 0 && (
          <a href={donationsCsvUrl(mint)} download className="inline-flex items-center gap-1 text-sm font-semibold text-brand-400 hover:underline">
            <Download className="h-4 w-4" aria-hidden /> CSV
          </a>
        )}
      </div>
      {donations.isPending && failure === null && <Spinner label="Loading donations..." />}
      {failure !== null && (
        <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
          <p className="text-muted">Failed to load donations: {refusalMessage(failure, 'the donation records could not be read just now.')}</p>
          <Button variant="secondary" size="sm" onClick={() => void donations.refetch()}>Retry</Button>
        </div>
      )}
      {data?.total === 0 && <p className="py-6 text-center text-sm text-muted">No donations yet. Trades pay the cause {everyInterval(payoutMs)}, and anyone can donate SOL directly.</p>}
      {data && data.donations.length > 0 && (
        <ul className="divide-y divide-line" data-testid="donation-rows">
          {data.donations.map((d, i) => {
            const newest = page === 1 && i === 0;
            return (
              <li key={`${d.signature}-${d.kind}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm" data-testid="donation-row" data-kind={d.kind}>
                <span className="font-bold">{formatSolFixed(BigInt(d.lamports), 3)} SOL</span>
                <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', d.kind === 'reward' ? 'bg-brand-500/15 text-brand-400' : 'bg-sky-500/15 text-sky-400')}>
                  {d.kind === 'reward' ? 'Trading reward' : 'Direct donation'}
                </span>
                <span className="font-mono text-xs text-muted">{shortAddress(d.from)}</span>
                <span className="ml-auto text-xs text-muted">{relativeTime(d.timestamp, now)}</span>
                <span className={clsx('text-xs font-semibold', newest ? 'text-gold-500' : 'text-muted')}>{newest ? 'New' : 'Confirmed'}</span>
                {d.kind === 'direct' && (
                  <Link to={`/receipt/${d.signature}`} aria-label="Donation receipt" title="Receipt" className="text-brand-400 hover:text-brand-500" data-testid="donation-receipt">
                    <ReceiptText className="h-4 w-4" aria-hidden />
                  </Link>
                )}
                {explorer && (
                  <a href={explorer.tx(d.signature)} target="_blank" rel="noopener noreferrer" aria-label="View transaction" className="text-brand-400 hover:text-brand-500">
                    <ExternalLink className="h-4 w-4" aria-hidden />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pages={pages} onPage={setPage} label="Donation pages" />
    </div>
  );
}
