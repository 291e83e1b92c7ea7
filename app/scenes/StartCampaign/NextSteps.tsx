import { BadgeCheck, Megaphone, PenLine, Share2, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REFERENCE_ONLY_TEXT } from '../../../core/donationCounting';
import { useCampaign } from '../../api/campaign';
import { CopyButton } from '../../components/CopyButton';

/**
 * What a creator does after the launch, in the order it matters: make every gift count
 * (confirm the donation wallet), share the page, and tell supporters what happens next.
 */
export function NextSteps({ tokenAddress }: { tokenAddress: string }) {
  const campaign = useCampaign(tokenAddress);
  const manage = `/campaign/${tokenAddress}/manage`;
  const pageUrl = `${window.location.origin}/campaign/${tokenAddress}`;
  const counting = campaign.data?.donation_counting;
  return (
    <section className="mt-6 text-left" data-testid="next-steps" aria-labelledby="next-steps-title">
      <h3 id="next-steps-title" className="text-sm font-semibold">What to do next</h3>
      <ol className="mt-2 flex flex-col gap-3 text-sm">
        {counting === 'all_transfers' ? (
          <Step icon={<BadgeCheck className="h-4 w-4 text-brand-500" aria-hidden />} testId="next-wallet-confirmed">
            Your donation wallet is confirmed: every SOL sent to it counts as a donation.
          </Step>
        ) : counting === 'reference_only' ? (
          <Step icon={<Wallet className="h-4 w-4" aria-hidden />} testId="next-confirm-wallet">
            <span className="font-medium">Confirm the donation wallet so every gift counts.</span>{' '}
            <span className="text-muted">Until its holder signs, {REFERENCE_ONLY_TEXT.charAt(0).toLowerCase() + REFERENCE_ONLY_TEXT.slice(1)}.</span>{' '}
            <Link to={manage} className="font-semibold text-brand-400 hover:underline">Confirm it on the manage page</Link>
          </Step>
        ) : null}
        <Step icon={<Share2 className="h-4 w-4" aria-hidden />} testId="next-share">
          <span className="font-medium">Share your campaign's link.</span>
          <span className="mt-1 flex items-center gap-2 rounded-lg border border-line bg-surface p-2">
            <code className="min-w-0 flex-1 truncate text-xs" data-testid="campaign-link">{pageUrl}</code>
            <CopyButton text={pageUrl} label="Copy campaign link" toastTitle="Copied!" />
          </span>
        </Step>
        <Step icon={<Megaphone className="h-4 w-4" aria-hidden />} testId="next-update">
          <span className="font-medium">Post your first update</span> <span className="text-muted">so supporters know what happens next, and tell your story in full.</span>{' '}
          <Link to={manage} className="inline-flex items-center gap-1 font-semibold text-brand-400 hover:underline"><PenLine className="h-3.5 w-3.5" aria-hidden /> Manage campaign</Link>
        </Step>
      </ol>
    </section>
  );
}

function Step({ icon, testId, children }: { icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2" data-testid={testId}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <span className="min-w-0 flex-1">{children}</span>
    </li>
  );
}
