import { useState } from 'react';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { formatDayKey } from '../../../../core/format';
import { useAdminRevenue } from '../../../api/adminDashboard';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Label } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { countText, solFixed } from './format';
import { LoadError, StatCard } from './StatCard';

// The dates are whole UTC days; 'to' is inclusive on screen, so the API gets the next day.
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function RevenueTab() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { from, to: to ? nextDay(to) : '' };
  const revenue = useAdminRevenue(range);
  const csvQuery = new URLSearchParams(Object.entries(range).filter(([, v]) => v)).toString();
  const r = revenue.data;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <div><Label htmlFor="revenue-from">From</Label><Input id="revenue-from" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} /></div>
        <div><Label htmlFor="revenue-to">To</Label><Input id="revenue-to" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} /></div>
        <a href={`/api/admin/revenue.csv${csvQuery ? `?${csvQuery}` : ''}`} download className={buttonClass('secondary', 'md')} data-testid="revenue-csv">
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </div>
      {revenue.isPending ? <Spinner /> : !r ? <LoadError message="Failed to load revenue" onRetry={() => void revenue.refetch()} /> : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatCard label="Total Revenue" value={`${solFixed(r.totalSol, 4)} SOL`} testId="revenue-total" tone="brand" />
            <StatCard label="Creation Fees" value={`${solFixed(r.creationFeesSol, 4)} SOL`} hint="Swept to the treasury at each launch" />
            <StatCard label="Distributor Fees" value={`${solFixed(r.distributorFeesSol, 4)} SOL`} hint="20% of each fee distribution" />
          </div>
          <Card className="p-4 sm:p-6">
            <h2 className="font-bold">By Day</h2>
            {r.daily.length === 0 ? <p className="mt-3 text-sm text-muted">No revenue in this period.</p> : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-sm tabular-nums">
                  <thead className="text-left text-muted"><tr><th className="py-1 font-medium">Date</th><th className="font-medium">Creation</th><th className="font-medium">Distributor</th><th className="font-medium">Total</th></tr></thead>
                  <tbody>{[...r.daily].reverse().map((d) => (
                    <tr key={d.date} className="border-t border-line"><td className="py-1.5">{formatDayKey(d.date)}</td><td>{solFixed(d.creationFeesSol, 4)}</td><td>{solFixed(d.distributorFeesSol, 4)}</td><td className="font-semibold">{solFixed(d.totalSol, 4)}</td></tr>
                  ))}</tbody>
                </table>
              </div>
            )}
          </Card>
          <Card className="p-4 sm:p-6">
            <h2 className="font-bold">By Campaign</h2>
            {r.campaigns.length === 0 ? <p className="mt-3 text-sm text-muted">No revenue in this period.</p> : (
              <ul className="mt-3 divide-y divide-line text-sm" data-testid="revenue-campaigns">
                {r.campaigns.map((c) => (
                  <li key={c.tokenAddress} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={c.official ? '/official-token' : `/campaign/${c.tokenAddress}`} className="min-w-0 truncate font-medium hover:underline">
                      {c.name ?? c.tokenAddress} {c.ticker && <span className="text-muted">${c.ticker}</span>}{c.official && <span className="ml-1 text-xs text-muted">(official token)</span>}
                    </Link>
                    <span className="tabular-nums text-muted">{countText(c.transactions)} tx · <span className="font-semibold text-fg">{solFixed(c.totalSol, 4)} SOL</span></span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
