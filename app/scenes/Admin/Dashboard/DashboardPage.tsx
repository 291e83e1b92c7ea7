import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { LogOut, Shield } from 'lucide-react';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { useAdminLogout, useAdminSession } from '../../../api/adminSession';
import { Button } from '../../../components/ui/Button';
import { DashboardErrorBoundary } from './DashboardErrorBoundary';
import { MaintenanceTab } from './MaintenanceTab';
import { OverviewTab } from './OverviewTab';
import { AnalyticsTab } from './AnalyticsTab';
import { SdkTab } from './SdkTab';
import { CampaignsTab } from './CampaignsTab';
import { CharitiesTab } from './CharitiesTab';
import { RevenueTab } from './RevenueTab';
import { SecurityTab } from './SecurityTab';

const TABS = [
  { value: 'overview', label: 'Overview', ready: true },
  { value: 'analytics', label: 'User Analytics', ready: true },
  { value: 'maintenance', label: 'Maintenance', ready: true },
  { value: 'sdk', label: 'SDK/API Testing', ready: true },
  { value: 'campaigns', label: 'Campaigns', ready: true },
  { value: 'charities', label: 'Charities', ready: true },
  { value: 'security', label: 'Security', ready: true },
  { value: 'revenue', label: 'Revenue', ready: true },
];

export function DashboardPage() {
  const navigate = useNavigate();
  const session = useAdminSession();
  const logout = useAdminLogout();
  // The open tab lives in the URL (?tab=), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === params.get('tab') && t.ready)?.value ?? 'overview';
  const openTab = (value: string) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true });
  // On a phone the tab strip scrolls: keep the open tab in view (e.g. after a reload on ?tab=revenue).
  useEffect(() => {
    document.querySelector('[role="tablist"] [role="tab"][data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  const signOut = async () => {
    await logout.mutateAsync().catch(() => undefined);
    navigate(`${ADMIN_PREFIX}/login`, { replace: true });
  };

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-surface-2">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-4 sm:px-6">
          <Shield className="h-6 w-6 text-brand-600 dark:text-brand-400" aria-hidden />
          <h1 className="text-lg font-bold sm:text-xl">Admin Dashboard</h1>
          <span className="ml-auto hidden text-sm text-muted sm:inline">{session.data?.username}</span>
          <Button variant="secondary" size="sm" onClick={signOut} disabled={logout.isPending}>
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <DashboardErrorBoundary>
          <Tabs.Root value={tab} onValueChange={openTab}>
            <Tabs.List aria-label="Dashboard sections" className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface-2 p-1">
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.value}
                  value={tab.value}
                  disabled={!tab.ready}
                  title={tab.ready ? undefined : 'Coming in a later release'}
                  className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40 data-[state=active]:bg-brand-500 data-[state=active]:text-slate-950"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="overview" className="mt-6">
              <OverviewTab />
            </Tabs.Content>
            <Tabs.Content value="analytics" className="mt-6">
              <AnalyticsTab />
            </Tabs.Content>
            <Tabs.Content value="maintenance" className="mt-6">
              <MaintenanceTab />
            </Tabs.Content>
            <Tabs.Content value="sdk" className="mt-6">
              <SdkTab />
            </Tabs.Content>
            <Tabs.Content value="campaigns" className="mt-6">
              <CampaignsTab />
            </Tabs.Content>
            <Tabs.Content value="charities" className="mt-6">
              <CharitiesTab />
            </Tabs.Content>
            <Tabs.Content value="security" className="mt-6">
              <SecurityTab />
            </Tabs.Content>
            <Tabs.Content value="revenue" className="mt-6">
              <RevenueTab />
            </Tabs.Content>
          </Tabs.Root>
        </DashboardErrorBoundary>
      </main>
    </div>
  );
}
