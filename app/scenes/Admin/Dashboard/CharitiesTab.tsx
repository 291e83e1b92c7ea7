import { ADMIN_PREFIX } from '../../../../core/constants';
import { useCharityCounts } from '../../../api/adminDashboard';
import { ButtonLink } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { countText } from './format';
import { LoadError, StatCard } from './StatCard';

export function CharitiesTab() {
  const counts = useCharityCounts();
  if (counts.isPending) return <Spinner />;
  if (!counts.data) return <LoadError message="Failed to load charities" onRetry={() => void counts.refetch()} />;
  const c = counts.data;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Charities" value={countText(c.total)} testId="charities-total" tone="brand" />
        <StatCard label="Categories" value={countText(c.categories)} testId="charities-categories" />
        <StatCard label="Active" value={countText(c.active)} />
        <StatCard label="Inactive" value={countText(c.inactive)} />
      </div>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={`${ADMIN_PREFIX}/charities`}>Manage Charities</ButtonLink>
        <ButtonLink to="/verified-charities" variant="secondary">View public page</ButtonLink>
      </div>
    </div>
  );
}
