import { useState } from 'react';
import { toast } from 'sonner';
import { ORGANIZATION_TYPE_LABELS } from '../../../../core/enums';
import { formatMarketCapOrDefault, formatNumber, formatDateTime } from '../../../../core/format';
import { useReviewVerification, type ReviewedRequest } from '../../../api/adminCampaigns';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Label, Textarea } from '../../../components/ui/Field';
import { funding, raisedOfGoalText } from '../../../../core/funding';
import { Facts } from './Facts';

type Props = { request: ReviewedRequest | null; onClose: () => void };

/** Every field of a verification request and its campaign's live figures; Approve / Reject while pending. */
export function VerificationReviewDialog({ request: r, onClose }: Props) {
  const [notes, setNotes] = useState('');
  const review = useReviewVerification();
  const close = () => { setNotes(''); onClose(); };
  const decide = async (decision: 'approve' | 'reject') => {
    if (!r) return;
    try {
      await review.mutateAsync({ id: r.id, decision, notes: notes.trim() || undefined });
      toast.success(decision === 'approve' ? 'Verification approved' : 'Verification rejected', { description: r.campaign_ticker ? `$${r.campaign_ticker}` : undefined });
      close();
    } catch {
      toast.error(decision === 'approve' ? 'Failed to approve verification' : 'Failed to reject verification');
    }
  };
  const c = r?.campaign;
  return (
    <Dialog open={r !== null} onOpenChange={(open) => { if (!open) close(); }} title="Review Verification Request" wide>
      {r && (
        <div className="flex flex-col gap-5" data-testid="verification-review">
          <Facts rows={[
            ['Status', r.status],
            ['Campaign', [r.campaign_name, r.campaign_ticker && `$${r.campaign_ticker}`].filter(Boolean).join(' ') || 'Pre-verification'],
            ['Token address', r.token_address && <code className="font-mono text-xs">{r.token_address}</code>],
            ['Organization', r.organization_name],
            ['Type', r.organization_type && ORGANIZATION_TYPE_LABELS[r.organization_type]],
            ['X Handle', r.registration_number],
            ['Tax ID', r.tax_id],
            ['Contact', [r.contact_name, r.contact_role].filter(Boolean).join(', ')],
            ['Email', r.contact_email],
            ['Phone', r.contact_phone],
            ['Website', r.website],
            ['Twitter', r.twitter],
            ['Telegram', r.telegram],
            ['Discord', r.discord],
            ['Creator wallet', <code key="c" className="font-mono text-xs">{r.creator_wallet}</code>],
            ['Donation wallet', r.donation_wallet && <code className="font-mono text-xs">{r.donation_wallet}</code>],
            ['Description', r.description],
            ['Documents', r.documents.length === 0 ? null : (
              <span className="flex flex-wrap gap-2">
                {r.documents.map((url, i) => <a key={url} href={url} target="_blank" rel="noreferrer" className="text-brand-400 underline">Document {i + 1}</a>)}
              </span>
            )],
            ['Submitted', formatDateTime(r.submitted_at)],
            ['Reviewed', r.reviewed_at && formatDateTime(r.reviewed_at)],
            ['Reviewer notes', r.reviewer_notes],
          ]} />
          {c && (
            <section className="rounded-xl border border-line p-4">
              <h3 className="font-semibold">Campaign now</h3>
              <Facts rows={[
                ['Flags', [c.verified ? 'Verified' : 'Unverified', c.flagged ? 'Flagged' : null].filter(Boolean).join(' · ')],
                ['Raised', raisedOfGoalText(funding(BigInt(c.raised_lamports), BigInt(c.goal_lamports)))],
                ['Backers', formatNumber(c.backers, 0)],
                ['Market cap', c.market_cap === null ? null : formatMarketCapOrDefault(c.market_cap)],
                ['Holders', c.holders === null ? null : formatNumber(c.holders, 0)],
              ]} />
            </section>
          )}
          {r.status === 'pending' && (
            <div className="flex flex-col gap-3">
              <div>
                <Label htmlFor="review-notes">Notes (optional)</Label>
                <Textarea id="review-notes" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} placeholder="Shown to the applicant" />
              </div>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="danger" disabled={review.isPending} onClick={() => void decide('reject')}>Reject</Button>
                <Button disabled={review.isPending} onClick={() => void decide('approve')}>Approve</Button>
              </div>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
