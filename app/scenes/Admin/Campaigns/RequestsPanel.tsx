import { formatDateTime } from '../../../../core/format';
import { useState } from 'react';
import { useAdminVerificationRequests, type ReviewedRequest } from '../../../api/adminCampaigns';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';

type Props = { onReview: (request: ReviewedRequest) => void };

/** Verification requests newest first (pending by default); new ones arrive live. */
export function RequestsPanel({ onReview }: Props) {
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const list = useAdminVerificationRequests(status);
  return (
    <section className="flex flex-col gap-3" data-testid="verification-requests">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold">Verification requests</h2>
        <div className="ml-auto flex gap-1">
          {(['pending', 'all'] as const).map((s) => (
            <Button key={s} size="sm" variant={status === s ? 'primary' : 'secondary'} onClick={() => setStatus(s)}>
              {s === 'pending' ? `Pending (${list.data?.counts.pending ?? 0})` : 'All'}
            </Button>
          ))}
        </div>
      </div>
      {list.isLoading ? <Spinner label="Loading requests..." /> : list.isError ? (
        <p role="alert" className="text-sm text-red-400">Failed to load verification requests. <button type="button" className="underline" onClick={() => void list.refetch()}>Try again</button></p>
      ) : list.data!.requests.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">{status === 'pending' ? 'No pending verification requests' : 'No verification requests yet'}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data!.requests.map((r) => (
            <li key={r.id} data-testid="verification-request" data-ticker={r.campaign_ticker ?? ''} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {r.campaign_name || (r.token_address ? 'Campaign' : 'Pre-verification')}
                  {r.campaign_ticker && <span className="rounded bg-surface-3 px-1.5 py-0.5 text-xs text-muted">${r.campaign_ticker}</span>}
                  <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted">{r.status}</span>
                </p>
                <p className="mt-1 truncate text-xs text-muted">
                  {[r.organization_name, r.contact_email, formatDateTime(r.submitted_at)].filter(Boolean).join(' · ')}
                </p>
              </div>
              <Button size="sm" variant={r.status === 'pending' ? 'primary' : 'secondary'} onClick={() => onReview(r)}>
                {r.status === 'pending' ? 'Review' : 'View'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
