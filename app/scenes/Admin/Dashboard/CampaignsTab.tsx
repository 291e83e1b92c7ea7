import { ADMIN_PREFIX } from '../../../../core/constants';
import { useCampaignCounts } from '../../../api/adminDashboard';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { countText, solFixed } from './format';
import { LoadError, StatCard } from './StatCard';
import { PlatformWalletsPanel } from './PlatformWalletsPanel';

export function CampaignsTab() {
  const counts = useCampaignCounts();
  if (counts.isPending) return <Spinner />;
  if (!counts.data) return <LoadError message="Failed to load campaigns" onRetry={() => void counts.refetch()} />;
  const c = counts.data;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <StatCard label="Total Campaigns" value={countText(c.total)} testId="campaigns-total" tone="brand" />
        <StatCard label="Active" value={countText(c.active)} />
        <StatCard label="Verified" value={countText(c.verified)} testId="campaigns-verified" />
        <StatCard label="Unverified" value={countText(c.unverified)} />
        <StatCard label="Flagged" value={countText(c.flagged)} tone={c.flagged ? 'red' : 'default'} testId="campaigns-flagged" />
        <StatCard label="Verification Requests" value={countText(c.verificationRequests)} hint="Pending requests and unverified campaigns with more than 50 backers" tone="gold" />
      </div>
      <p className="text-sm text-muted">{solFixed(c.totalRaisedSol, 2)} SOL raised across all campaigns.</p>
      <ButtonLink to={`${ADMIN_PREFIX}/campaigns`}>Advanced Management</ButtonLink>
      <PlatformWalletsPanel />
    </div>
  );
}
