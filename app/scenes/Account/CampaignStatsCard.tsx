import { BarChart3 } from 'lucide-react';
import { Card } from '../../components/ui/Card';
import { formatAccountTotalRaised, type CampaignStats } from './campaignStats';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-surface p-3 text-center sm:p-4">
      <p data-testid={testId} className="text-xl font-extrabold text-brand-400 sm:text-2xl">{value}</p>
      <p className="mt-1 text-xs text-muted">{label}</p>
    </div>
  );
}

/** Campaigns created, total raised (SOL, 1 decimal) and how many reached their goal. */
export function CampaignStatsCard({ stats }: { stats: CampaignStats | undefined }) {
  return (
    <Card data-testid="account-stats">
      <h2 className="flex items-center gap-2 text-lg font-bold"><BarChart3 className="h-5 w-5 text-brand-400" aria-hidden /> Campaign Statistics</h2>
      <div className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        <Stat label="Campaigns Created" value={stats ? String(stats.created) : '–'} testId="account-stat-created" />
        <Stat label="Total Raised" value={stats ? formatAccountTotalRaised(stats.totalRaisedLamports) : '–'} testId="account-stat-raised" />
        <Stat label="Reached Goal" value={stats ? String(stats.reachedGoal) : '–'} testId="account-stat-reached" />
      </div>
    </Card>
  );
}
