import { Outlet } from 'react-router';
import { useSiteSettings } from '../../api/settings';
import { MaintenancePage } from '../../scenes/Maintenance/MaintenancePage';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScheduledMaintenanceNotice } from './ScheduledMaintenanceNotice';
import { Ticker } from './Ticker';
import { AdminPreviewBanner } from './AdminPreviewBanner';

/** The public root layout; while maintenance mode is on it is replaced by the maintenance page, except in a signed-in admin's browser. */
export function PublicLayout() {
  const { data: settings, isPending } = useSiteSettings();
  if (isPending) return <Spinner />;
  if (settings?.maintenance_mode && !settings.admin_preview) {
    // Remount when the window changes so the countdown follows the new end time.
    return <MaintenancePage key={settings.schedule?.endTime ?? 'none'} settings={settings} />;
  }
  return (
    <div className="flex min-h-screen flex-col">
      {/* `contents`: no box of its own, so the header stays sticky; hidden on paper (receipts). */}
      <div className="contents print:hidden">
        {settings?.maintenance_mode && <AdminPreviewBanner />}
        <Ticker />
        <Header />
      </div>
      <main className="flex-1">
        <Outlet />
      </main>
      <div className="contents print:hidden"><Footer /></div>
      <ScheduledMaintenanceNotice schedule={settings?.schedule} />
    </div>
  );
}
