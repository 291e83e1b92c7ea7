import clsx from 'clsx';
import type { CampaignDetail } from '../../api/campaign';
import { Link } from 'react-router';
import { formatDate, formatSolFixed, shortAddress } from '../../../core/format';
import { useClientConfig, usePayoutIntervalMs, usePlatformSharePercent } from '../../api/config';
import { taxStoryOf } from '../../../core/taxStory';
import { REFERENCE_ONLY_TEXT, allTransfersText } from '../../../core/donationCounting';
import { BACKERS_NOTE, backersTitle, funding, fundingBarPercent, fundingPercentText } from '../../../core/funding';
import { Card } from '../ui/Card';

/** Raised of goal to 2 decimals (spec 1: the bar turns gold at 100%, and a star shows once the goal is reached). */
export function FundingCard({ campaign, showCampaignLink = false }: { campaign: CampaignDetail; showCampaignLink?: boolean }) {
  const backerMin = useClientConfig().data?.backerMinSol;
  const payoutMs = usePayoutIntervalMs();
  const platformSharePercent = usePlatformSharePercent();
  const f = funding(BigInt(campaign.raised_lamports), BigInt(campaign.goal_lamports));
  const { raised, goal, reached } = f;
  return (
    <Card className="p-5" data-testid="funding-card">
      <div className="flex items-center justify-between">
        <h2 className="font-bold">Funding</h2>
        {reached && <span className="text-xl" role="img" aria-label="Goal reached" data-testid="goal-star">⭐</span>}
      </div>
      <p className="mt-3 text-2xl font-extrabold" data-testid="funding-raised">{formatSolFixed(raised, 2)} SOL</p>
      <p className="text-sm text-muted">
        raised of {formatSolFixed(goal, 2)} SOL goal ·{' '}
        <span title={backerMin ? backersTitle(backerMin) : BACKERS_NOTE} data-testid="funding-backers">
          {campaign.backers} {campaign.backers === 1 ? 'backer' : 'backers'}
        </span>
      </p>
      <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(fundingBarPercent(f))} aria-label="Funding progress">
        <div className={clsx('h-full rounded-full', reached ? 'bg-gold-500' : 'bg-brand-500')} style={{ width: `${fundingBarPercent(f)}%` }} />
      </div>
      {campaign.goal_change && (
        <p className="mt-2 text-xs text-amber-700 dark:text-amber-300" data-testid="funding-goal-changed">
          The creator changed the goal on {formatDate(campaign.goal_change.changed_at)} (it was {campaign.goal_change.launch_goal_sol} SOL at launch); the About tab lists every change.
        </p>
      )}
      <p className="mt-2 text-xs text-muted">{fundingPercentText(f)} of the goal. {taxStoryOf(platformSharePercent, payoutMs)}</p>
      <p className="mt-1 text-xs text-muted" data-testid="funding-backers-note">{BACKERS_NOTE}</p>
      {campaign.donation_wallet && (
        <>
          <p className="mt-2 text-xs text-muted">Donation wallet <span className="font-mono text-fg">{shortAddress(campaign.donation_wallet)}</span></p>
          <p className="mt-1 text-xs text-muted" data-testid="donation-counting">
            {campaign.donation_counting === 'all_transfers'
              ? allTransfersText({ ownWallet: campaign.donation_wallet === campaign.creator_wallet, provedAt: campaign.donation_wallet_proof?.proved_at ?? null })
              : `${REFERENCE_ONLY_TEXT}.`}
          </p>
        </>
      )}
      {showCampaignLink && (
        <Link to={`/campaign/${campaign.token_address}`} className="mt-3 inline-block text-sm font-semibold text-brand-400 hover:underline" data-testid="funding-campaign-link">View Campaign</Link>
      )}
    </Card>
  );
}
