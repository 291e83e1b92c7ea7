import { useId, type ReactNode } from 'react';
import { BadgeCheck, Bell, Flame, TriangleAlert, Users } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { formatCompactNumber, formatMarketCap, formatMarketCapOrDefault } from '../../../core/format';
import type { CampaignSummary } from '../../api/campaigns';
import { useMyFollows } from '../../api/follows';
import { useAuth } from '../../auth/useAuth';
import { FollowButton } from './FollowButton';
import { ProgressRing } from '../ProgressRing';
import { funding, fundingBarPercent, fundingPercentText, raisedOfGoalText } from '../../../core/funding';
import { ticketStyle } from './ticketStyles';
import { useTilt } from './useTilt';

type Props = { campaign: CampaignSummary; index: number };

/**
 * A campaign in a grid (home, explore): the whole ticket is one link to its page, so a
 * click anywhere opens it (the card holds no buttons of its own).
 */
export function CampaignCard({ campaign, index }: Props) {
  const tilt = useTilt();
  const riskId = useId();
  const highFlags = campaign.high_flags ?? [];
  const risk = highFlags.length > 0 ? `High risk: ${highFlags.map((flag) => flag.sentence).join(' ')}` : undefined;
  const title = campaign.title || campaign.name;
  const progress = campaign.bonding_curve_progress ?? (campaign.is_bonded ? 100 : 0);
  if (!campaign.token_address) return null;
  return (
    // The follow control sits beside the card's link, not inside it: a button inside a link is not valid HTML.
    <div className="relative flex min-w-0 flex-col">
    <Link
      to={`/campaign/${campaign.token_address}`}
      data-testid="campaign-card"
      // No aria-label: the card's own words are its name (WCAG 2.5.3, what a voice user reads out to click it).
      aria-describedby={risk ? riskId : undefined}
      className={clsx(
        'group relative flex min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border bg-gradient-to-br bg-surface-2 transition-transform duration-150 ease-out will-change-transform',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
        ticketStyle(index),
      )}
      {...tilt}
    >
      {/* Wider on a phone: one card, whole, fits the first screen under the hero (e2e/newcomer.test.ts). */}
      <div className="relative aspect-[2/1] overflow-hidden bg-surface-3 sm:aspect-[16/10]">
        {campaign.image_url
          ? <img src={campaign.image_url} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105" />
          : <div className="flex h-full items-center justify-center text-3xl font-extrabold text-muted">${campaign.ticker}</div>}
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {campaign.trending && (
            <span className="inline-flex items-center gap-1 rounded-full bg-orange-500 px-2 py-0.5 text-xs font-bold text-slate-950"><Flame className="h-3 w-3" aria-hidden /> TRENDING</span>
          )}
          {campaign.is_bonded && <span className="rounded-full bg-gold-500 px-2 py-0.5 text-xs font-bold text-slate-950">Bonded</span>}
          {risk && (
            <span
              id={riskId}
              role="img"
              aria-label={risk}
              title={highFlags.map((flag) => flag.sentence).join('\n')}
              data-testid="high-risk-badge"
              className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
            ><TriangleAlert className="h-3 w-3" aria-hidden /> High risk</span>
          )}
        </div>
      </div>
      {/* The ticket's perforation between picture and stub. */}
      <div aria-hidden className="relative h-0 border-t border-dashed border-line">
        <span className="absolute -left-2 -top-2 h-4 w-4 rounded-full bg-surface" />
        <span className="absolute -right-2 -top-2 h-4 w-4 rounded-full bg-surface" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex gap-3">
          <div className="min-w-0 flex-1">
            <h3 className="flex min-w-0 items-center gap-1 font-bold">
              <span className="truncate">{title}</span>
              {campaign.verified && <BadgeCheck className="h-4 w-4 shrink-0 text-sky-400" aria-label="Verified" />}
            </h3>
            <p className="font-mono text-xs text-brand-600 dark:text-brand-400">${campaign.ticker}</p>
            <p className="mt-1 line-clamp-1 text-sm text-muted sm:mt-2 sm:line-clamp-2">{campaign.description}</p>
          </div>
          <CurveRing progress={progress} />
        </div>
        <CardFunding raisedLamports={campaign.raised_lamports} goalLamports={campaign.goal_lamports} />
        <dl className="mt-auto grid grid-cols-3 gap-2 text-xs">
          <Stat label="Holders" value={<><Users className="inline h-3 w-3" aria-hidden /> {formatCompactNumber(campaign.holders ?? 0)}</>} />
          <Stat label="MCap" value={formatMarketCapOrDefault(campaign.market_cap)} />
          <Stat label="24h Vol" value={formatMarketCap(campaign.cached_volume_24h ?? 0)} />
        </dl>
      </div>
    </Link>
    <CardFollow tokenAddress={campaign.token_address} followers={campaign.followers ?? 0} />
    </div>
  );
}

/** A signed-in wallet's Follow pill with the count; others see the count alone. */
function CardFollow({ tokenAddress, followers }: { tokenAddress: string; followers: number }) {
  const { isAuthenticated } = useAuth();
  const mine = useMyFollows();
  const position = 'absolute right-2 top-2 z-10';
  // Signed out, or this wallet's follows not loaded yet: the count alone (a 'Follow' now could be wrong).
  if (!isAuthenticated || !mine.data) {
    return (
      <span className={clsx(position, 'inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white')} data-testid="card-followers">
        <Bell className="h-3 w-3" aria-hidden /> {formatCompactNumber(followers)}<span className="sr-only"> followers</span>
      </span>
    );
  }
  return <FollowButton compact className={position} tokenAddress={tokenAddress} following={mine.data.has(tokenAddress)} followers={followers} />;
}

const CURVE_TITLE = "Bonding curve: how far trading has filled this token's curve toward graduation. It is not money raised for the cause.";

/** The bonding curve's ring, in its own colour and named 'Curve': never to be read as '% funded'. */
function CurveRing({ progress }: { progress: number }) {
  return (
    <div className="flex shrink-0 flex-col items-center self-start" title={CURVE_TITLE} data-testid="card-curve">
      <ProgressRing progress={progress} size={48} strokeWidth={4} label="Bonding curve progress" tone="curve" />
      <span aria-hidden className="mt-0.5 text-[10px] font-semibold tracking-wide text-muted uppercase">Curve</span>
    </div>
  );
}

/** What a donor looks for first: raised against the goal, with a thin bar that turns gold at 100%. */
function CardFunding({ raisedLamports, goalLamports }: { raisedLamports: string; goalLamports: string }) {
  const f = funding(BigInt(raisedLamports), BigInt(goalLamports));
  return (
    <div data-testid="card-funding">
      <p className="flex items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 truncate"><span className="font-bold" data-testid="card-raised">{raisedOfGoalText(f)}</span> <span className="text-muted">raised</span></span>
        <span className={clsx('shrink-0 text-xs font-semibold', f.reached ? 'text-gold-500' : 'text-muted')} data-testid="card-goal-percent">{fundingPercentText(f)}</span>
      </p>
      <div
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-label="Raised of goal"
        aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(fundingBarPercent(f))}
      >
        <div className={clsx('h-full rounded-full', f.reached ? 'bg-gold-500' : 'bg-brand-500')} style={{ width: `${fundingBarPercent(f)}%` }} />
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="truncate font-semibold">{value}</dd>
    </div>
  );
}
