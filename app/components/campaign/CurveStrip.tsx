import { Users } from 'lucide-react';
import clsx from 'clsx';
import { DEFAULT_MIGRATION_THRESHOLD_SOL } from '../../../core/constants';
import { formatNumber } from '../../../core/format';
import { graduationExplained } from '../../../core/graduation';
import { holdersText } from '../../../core/holders';
import type { CampaignDetail } from '../../api/campaign';

/** The bonding curve's progress toward graduation, and the holder count. */
export function CurveStrip({ campaign }: { campaign: CampaignDetail }) {
  // Spec 1 'Bonding': 'Bonded' at 100 percent or more, whichever of the three says so first.
  const bonded = campaign.is_bonded || Boolean(campaign.bonding?.complete) || (campaign.bonding_curve_progress ?? 0) >= 100;
  const progress = bonded ? 100 : Math.max(0, Math.min(100, campaign.bonding_curve_progress ?? 0));
  const curve = campaign.bonding;
  return (
    <section className="rounded-2xl border border-line bg-surface-2 p-4" aria-label="Bonding curve" data-testid="curve-strip">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-bold" data-testid="curve-label">{bonded ? 'Bonded' : 'Bonding Curve'}</span>
        <span className="inline-flex items-center gap-1 text-muted"><Users className="h-4 w-4" aria-hidden /> {holdersText(campaign.holders ?? 0)}</span>
      </div>
      <div className="mt-3 h-3 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress)} aria-label="Bonding curve progress">
        <div className={clsx('h-full rounded-full', bonded ? 'bg-gold-500' : 'bg-brand-500')} style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-2 text-xs text-muted">
        {curve
          ? bonded
            ? `Graduated: the curve raised ${formatNumber(curve.threshold_sol)} SOL and trading continues on its pool.`
            : `${progress.toFixed(2)}% · ${formatNumber(curve.current_sol, 3)} of ${formatNumber(curve.threshold_sol)} SOL toward graduation`
          // Spec 1: without curve data, progress 0 of the default 85 SOL migration threshold.
          : `0.00% · 0 of ${DEFAULT_MIGRATION_THRESHOLD_SOL} SOL toward graduation (no curve data for this token yet)`}
      </p>
      {curve && (
        <details className="mt-2 text-xs text-muted" data-testid="graduation-explained">
          <summary className="cursor-pointer font-semibold text-fg">What is graduation?</summary>
          <p className="mt-1">{graduationExplained(curve.threshold_sol)}</p>
        </details>
      )}
    </section>
  );
}
