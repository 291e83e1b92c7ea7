import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { PLATFORM_FEE_PERCENT_OF_REWARDS } from '../../../../core/constants';
import { relativeTime } from '../../../../core/format';
import { useAdminOverview, useSyncStats } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { AdminLinks } from './AdminLinks';
import { countText, solFixed } from './format';
import { LoadError, StatCard } from './StatCard';

export function OverviewTab() {
  const overview = useAdminOverview();
  const sync = useSyncStats();
  const data = overview.data;

  const runSync = () => sync.mutate(undefined, {
    onSuccess: () => toast.success('Statistics updated', { description: 'Platform statistics were recounted from the campaigns and donations.' }),
    onError: () => toast.error('Sync Failed', { description: 'Failed to update platform statistics' }),
  });

  if (overview.isPending) return <Spinner />;
  if (!data) return <LoadError message="Failed to load platform statistics" onRetry={() => void overview.refetch()} />;
  return (
    <div className="space-y-6">
      <section aria-labelledby="platform-stats">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 id="platform-stats" className="text-lg font-bold">Platform Statistics</h2>
          {data.lastUpdated && <span className="text-xs text-muted">Updated {relativeTime(data.lastUpdated)}</span>}
          <Button variant="secondary" size="sm" className="ml-auto" onClick={runSync} disabled={sync.isPending}>
            <RefreshCw className={sync.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> {sync.isPending ? 'Syncing...' : 'Sync'}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total SOL Raised" value={`${solFixed(data.totalSolRaised, 2)} SOL`} testId="stat-total-raised" tone="brand" />
          <StatCard label="Total Backers" value={countText(data.totalBackers)} testId="stat-total-backers" />
          <StatCard label="Campaigns" value={countText(data.totalCampaigns)} testId="stat-total-campaigns" />
          <StatCard label="Donations" value={countText(data.totalDonations)} testId="stat-total-donations" />
        </div>
      </section>
      <section aria-labelledby="company-revenue">
        <h2 id="company-revenue" className="sr-only">Company revenue</h2>
        <Card className="p-5">
          <p className="text-sm text-muted">Company Revenue</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-gold-500" data-testid="stat-company-revenue">{solFixed(data.companyRevenueSol, 4)} SOL</p>
          <p className="mt-1 text-xs text-muted" data-testid="company-revenue-basis">
            What the treasury received on chain: creation fees plus the {PLATFORM_FEE_PERCENT_OF_REWARDS}% platform share of every distributor payout (the Revenue tab lists each transaction).
          </p>
        </Card>
      </section>
      <section aria-labelledby="admin-links">
        <h2 id="admin-links" className="mb-3 text-lg font-bold">Management</h2>
        <AdminLinks />
      </section>
    </div>
  );
}
