import { useState } from 'react';
import { Download } from 'lucide-react';
import { DONATIONS_PAGE_SIZE } from '../../../core/constants';
import { formatSolFixed } from '../../../core/format';
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
import { DonationRow } from './DonationRow';

/**
 * Spec 1 'Donations tab': 10 a page, SOL to 3 decimals, 'New' for the newest, total raised
 * to 2 decimals. Transfers that did not count stay listed, saying why; the total is what counted.
 */
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
        {/* The CSV holds what counted: nothing to download while nothing has. */}
        {data && BigInt(data.totalRaisedLamports) > 0n && (
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
          {data.donations.map((d, i) => (
            <DonationRow key={`${d.signature}-${d.kind}-${d.from}`} donation={d} newest={page === 1 && i === 0} now={now} explorerTx={explorer?.tx} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} onPage={setPage} label="Donation pages" />
    </div>
  );
}
