import { formatDayKey } from '../../../../core/format';
import { useAdminAnalytics } from '../../../api/adminDashboard';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { DailyChart } from './DailyChart';
import { countText } from './format';
import { LoadError, StatCard } from './StatCard';

// Spec 2 section 9: top-10 daily rows; top-5 countries (the server sends five).
const DAILY_ROWS = 10;
const countryName = (code: string) => {
  if (code === 'unknown') return 'Unknown';
  try { return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code; } catch { return code; }
};

export function AnalyticsTab() {
  const analytics = useAdminAnalytics();
  if (analytics.isPending) return <Spinner />;
  if (!analytics.data) return <LoadError message="Failed to load analytics" onRetry={() => void analytics.refetch()} />;
  const { summary, daily, devices, countries } = analytics.data;

  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Unique Users" value={countText(summary.total_unique_users)} testId="analytics-total-users" tone="brand" />
        <StatCard label="Users (24h)" value={countText(summary.users_24h)} hint={`${countText(summary.new_users_24h)} new`} />
        <StatCard label="Users (7d)" value={countText(summary.users_7d)} hint={`${countText(summary.new_users_7d)} new`} />
        <StatCard label="Sessions" value={countText(summary.total_sessions)} hint={`${countText(summary.sessions_24h)} in 24h`} testId="analytics-sessions" />
        <StatCard label="Page Views" value={countText(summary.page_views_total)} hint={`${countText(summary.page_views_24h)} in 24h, from ${countText(summary.visitors_24h)} visitors who accepted analytics cookies`} testId="analytics-page-views" />
      </section>
      <Card className="p-4 sm:p-6">
        <h2 className="font-bold">Daily Active Users (30 days)</h2>
        {daily.length === 0 ? <p className="mt-3 text-sm text-muted">No sign-ins yet.</p> : (
          <>
            <DailyChart daily={daily} />
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[20rem] text-sm">
                <thead className="text-left text-muted"><tr><th className="py-1 font-medium">Date</th><th className="font-medium">Users</th><th className="font-medium">New</th><th className="font-medium">Sessions</th></tr></thead>
                <tbody className="tabular-nums" data-testid="daily-rows">
                  {daily.slice(0, DAILY_ROWS).map((d) => (
                    <tr key={d.date} className="border-t border-line"><td className="py-1.5">{formatDayKey(d.date)}</td><td>{countText(d.unique_users)}</td><td>{countText(d.new_users)}</td><td>{countText(d.total_sessions)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="p-4 sm:p-6">
          <h2 className="font-bold">Devices</h2>
          {devices.length === 0 ? <NoConsentedSessions total={summary.total_sessions} /> : (
            <ul className="mt-3 space-y-3" data-testid="device-split">
              {devices.map((d) => (
                <li key={d.device_type}>
                  <div className="flex justify-between text-sm"><span className="capitalize">{d.device_type}</span><span className="tabular-nums">{d.percentage.toFixed(1)}%</span></div>
                  <div className="mt-1 h-2 rounded-full bg-surface-3"><div className="h-2 rounded-full bg-brand-500" style={{ width: `${d.percentage}%` }} /></div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="font-bold">Top Countries</h2>
          {countries.length === 0 ? <NoConsentedSessions total={summary.total_sessions} /> : (
            <ol className="mt-3 space-y-2 text-sm" data-testid="top-countries">
              {countries.map((c) => (
                <li key={c.country} className="flex justify-between gap-2">
                  <span className="truncate">{countryName(c.country)}</span>
                  <span className="shrink-0 tabular-nums text-muted">{countText(c.unique_users)} users · {countText(c.total_sessions)} sessions</span>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-muted">From the proxy's location header when trusted, else the embedded GeoIP database; no outside service.</p>
        </Card>
      </div>
    </div>
  );
}

/**
 * Devices and places are kept only for sessions whose visitor accepted analytics cookies, so
 * an empty split beside a session count says why instead of 'no sessions'.
 */
function NoConsentedSessions({ total }: { total: number }) {
  return (
    <p className="mt-3 text-sm text-muted" data-testid="no-consented-sessions">
      {total === 0 ? 'No sessions yet.' : `None of the ${countText(total)} ${total === 1 ? 'session' : 'sessions'} accepted analytics cookies: devices and places are kept only for those that do.`}
    </p>
  );
}
