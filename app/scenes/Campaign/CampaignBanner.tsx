import { useState } from 'react';
import { BadgeCheck, CalendarDays, HeartHandshake, LineChart, Settings, Tag } from 'lucide-react';
import type { CampaignDetail } from '../../api/campaign';
import { useFollowState } from '../../api/follows';
import { FollowButton } from '../../components/campaign/FollowButton';
import { Button, ButtonLink } from '../../components/ui/Button';
import { DonationDialog } from './DonationDialog';

/** Spec 1: 'Recently' when the creation date is absent. */
function createdLabel(createdAt: string | null | undefined): string {
  const date = createdAt ? new Date(createdAt) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : 'Recently';
}

/** The page's Follow button: its own query (count and whether this wallet follows), live on follow events. */
function CampaignFollow({ tokenAddress }: { tokenAddress: string }) {
  const state = useFollowState(tokenAddress);
  if (!state.data) return null;
  return <FollowButton tokenAddress={tokenAddress} following={state.data.following} followers={state.data.followers} className="h-10 px-4" />;
}

/** Logo, verified badge, title, the category and date badges, and the ways to back it. */
export function CampaignBanner({ campaign, isCreator }: { campaign: CampaignDetail; isCreator: boolean }) {
  const [donating, setDonating] = useState(false);
  const title = campaign.title || campaign.name;
  return (
    <header className="overflow-hidden rounded-2xl border border-line bg-gradient-to-br from-brand-600/25 via-surface-2 to-gold-500/10 p-5 sm:p-8" data-testid="campaign-banner">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        {campaign.image_url
          ? <img src={campaign.image_url} alt={`${title} logo`} className="h-20 w-20 shrink-0 rounded-2xl object-cover sm:h-24 sm:w-24" />
          : <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl bg-surface-3 text-2xl font-bold">{campaign.ticker.slice(0, 2)}</div>}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
            <span className="rounded-md bg-brand-500/15 px-2 py-0.5 text-sm font-bold text-brand-400">${campaign.ticker}</span>
            {campaign.verified && <span className="inline-flex items-center gap-1 text-sky-400" data-testid="campaign-verified"><BadgeCheck className="h-4 w-4" aria-hidden /> Verified</span>}
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5"><Tag className="h-3 w-3" aria-hidden /> {campaign.category}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5"><CalendarDays className="h-3 w-3" aria-hidden /> {createdLabel(campaign.created_at)}</span>
          </div>
          <h1 className="mt-2 break-words text-2xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col">
          <Button onClick={() => setDonating(true)} data-testid="support-button"><HeartHandshake className="h-4 w-4" aria-hidden /> Support</Button>
          {campaign.bonding && <ButtonLink to={`/trade/${campaign.token_address}`} variant="secondary"><LineChart className="h-4 w-4" aria-hidden /> Trade</ButtonLink>}
          {campaign.token_address && <CampaignFollow tokenAddress={campaign.token_address} />}
          {isCreator && <ButtonLink to={`/campaign/${campaign.token_address}/manage`} variant="secondary"><Settings className="h-4 w-4" aria-hidden /> Manage</ButtonLink>}
        </div>
      </div>
      <DonationDialog campaign={campaign} open={donating} onOpenChange={setDonating} />
    </header>
  );
}
