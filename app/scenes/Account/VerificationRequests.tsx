import { formatDateTime } from '../../../core/format';
import { BadgeCheck } from 'lucide-react';
import type { VerificationStatus } from '../../../core/enums';
import type { VerificationRequest } from '../../api/verification';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';

const STATUS_STYLE: Record<VerificationStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-500',
  reviewing: 'bg-sky-500/15 text-sky-400',
  approved: 'bg-brand-500/15 text-brand-400',
  rejected: 'bg-red-500/15 text-red-400',
};
const STATUS_LABEL: Record<VerificationStatus, string> = { pending: 'Pending review', reviewing: 'In review', approved: 'Approved', rejected: 'Rejected' };

type Props = { requests: VerificationRequest[] | undefined; isLoading: boolean; error: Error | null; retry: () => void };

/** The wallet's verification applications and where each stands; hidden until it has applied. */
export function VerificationRequests({ requests, isLoading, error, retry }: Props) {
  if (isLoading) return <Card><Spinner label="Loading your verification requests..." /></Card>;
  if (error) {
    return (
      <Card role="alert" className="text-sm text-red-400">
        Failed to load your verification requests. <button type="button" onClick={retry} className="font-semibold underline">Try again</button>
      </Card>
    );
  }
  if (!requests || requests.length === 0) return null;
  return (
    <Card data-testid="account-verification-requests">
      <h2 className="flex items-center gap-2 text-lg font-bold"><BadgeCheck className="h-5 w-5 text-brand-400" aria-hidden /> Verification Requests</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {requests.map((r) => (
          <li key={r.id} data-testid="account-verification-request" className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{r.campaign_name || (r.token_address ? 'Campaign' : 'Pre-verification')}</span>
              {r.campaign_ticker && <span className="rounded bg-surface-3 px-1.5 py-0.5 text-xs font-semibold text-muted">${r.campaign_ticker}</span>}
              <span data-testid="verification-status" className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}>{STATUS_LABEL[r.status]}</span>
            </div>
            <p className="text-xs text-muted">
              Submitted {formatDateTime(r.submitted_at)}
              {r.reviewed_at && ` · Reviewed ${formatDateTime(r.reviewed_at)}`}
            </p>
            {r.reviewer_notes && <p className="text-sm">Notes: {r.reviewer_notes}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
