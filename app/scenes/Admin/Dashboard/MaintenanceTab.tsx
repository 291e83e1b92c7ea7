import { useSiteSettings } from '../../../api/settings';
import { Spinner } from '../../../components/ui/Spinner';
import { MaintenanceToggle } from './MaintenanceToggle';
import { ScheduleForm } from './ScheduleForm';

export function MaintenanceTab() {
  const { data: settings, isPending, error } = useSiteSettings();
  if (isPending) return <Spinner />;
  if (!settings) throw error ?? new Error('Failed to load site settings');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <MaintenanceToggle settings={settings} />
      <ScheduleForm settings={settings} />
    </div>
  );
}
