import { BadgeCheck, Flag, ImageOff } from 'lucide-react';
import type { ModeratedCampaign } from '../../../api/adminCampaigns';
import { Button } from '../../../components/ui/Button';
import { formatDate, formatNumber } from '../../../../core/format';
import { funding, raisedOfGoalText } from '../../../../core/funding';

type Props = {
  campaign: ModeratedCampaign;
  busy: boolean;
  onOpen: () => void;
  onVerify: (verified: boolean) => void;
  onFlag: (flagged: boolean) => void;
  onReview?: () => void;
};

/** One campaign in the moderation list: who and what it is, its flags, and the switches. */
export function CampaignRow({ campaign, busy, onOpen, onVerify, onFlag, onReview }: Props) {
  const title = campaign.title || campaign.name;
  return (
    <li data-testid="moderation-campaign" data-ticker={campaign.ticker} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 lg:flex-row lg:items-center">
      <button type="button" onClick={onOpen} className="flex min-w-0 flex-1 items-center gap-3 text-left" aria-label={`Details of ${title}`}>
        {campaign.image_url
          ? <img src={campaign.image_url} alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover" />
          : <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-surface-3"><ImageOff className="h-5 w-5 text-muted" aria-hidden /></span>}
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold">{title}</span>
            <span className="rounded bg-surface-3 px-1.5 py-0.5 text-xs font-semibold text-muted">${campaign.ticker}</span>
            {campaign.verified && <Badge className="bg-brand-500/15 text-brand-400" testId="badge-verified"><BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Verified</Badge>}
            {campaign.flagged && <Badge className="bg-red-500/15 text-red-400" testId="badge-flagged"><Flag className="h-3.5 w-3.5" aria-hidden /> Flagged</Badge>}
            {campaign.is_test && <Badge className="bg-surface-3 text-muted">Test</Badge>}
            {campaign.pending_request_id && <Badge className="bg-amber-500/15 text-amber-500">Request pending</Badge>}
          </span>
          <span className="mt-1 block text-xs text-muted">
            {formatNumber(campaign.backers, 0)} backers · {raisedOfGoalText(funding(BigInt(campaign.raised_lamports), BigInt(campaign.goal_lamports)))} raised · {formatDate(campaign.created_at)}
          </span>
        </span>
      </button>
      <div className="flex flex-wrap gap-2">
        {onReview && campaign.pending_request_id && <Button size="sm" onClick={onReview}>Review Request</Button>}
        <Button size="sm" variant={campaign.verified ? 'secondary' : 'primary'} disabled={busy} onClick={() => onVerify(!campaign.verified)}>
          {campaign.verified ? 'Unverify' : 'Verify'}
        </Button>
        <Button size="sm" variant={campaign.flagged ? 'secondary' : 'danger'} disabled={busy} onClick={() => onFlag(!campaign.flagged)}>
          {campaign.flagged ? 'Unflag' : 'Flag'}
        </Button>
      </div>
    </li>
  );
}

function Badge({ className, testId, children }: { className: string; testId?: string; children: React.ReactNode }) {
  return <span data-testid={testId} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{children}</span>;
}
