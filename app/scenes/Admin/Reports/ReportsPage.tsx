import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { AlertTriangle, ArrowLeft, CheckCircle2, Clock, FileWarning, Search } from 'lucide-react';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { REPORT_MESSAGES, type ReportCounts, type ReportStatusFilter } from '../../../../core/schemas/report';
import { useAdminReports, type Report } from '../../../api/reports';
import { ButtonLink } from '../../../components/ui/Button';
import { ReportDialog } from './ReportDialog';
import { ReportList } from './ReportList';

type Tab = { value: ReportStatusFilter; label: string; count: (c: ReportCounts) => number; empty: string };

// Spec 2 section 2.12: the Resolved tab and card count resolved plus dismissed.
const TABS: Tab[] = [
  { value: 'pending', label: 'Pending', count: (c) => c.pending, empty: 'No pending reports' },
  { value: 'investigating', label: 'Investigating', count: (c) => c.investigating, empty: 'No reports under investigation' },
  { value: 'closed', label: 'Resolved', count: (c) => c.resolved + c.dismissed, empty: 'No resolved reports' },
  { value: 'all', label: 'All Reports', count: (c) => c.total, empty: 'No reports yet' },
];

const CARDS = [
  { label: 'Total Reports', icon: FileWarning, tone: 'text-fg', count: (c: ReportCounts) => c.total },
  { label: 'Pending', icon: Clock, tone: 'text-amber-500', count: (c: ReportCounts) => c.pending },
  { label: 'Investigating', icon: Search, tone: 'text-sky-500', count: (c: ReportCounts) => c.investigating },
  { label: 'Resolved', icon: CheckCircle2, tone: 'text-emerald-500', count: (c: ReportCounts) => c.resolved + c.dismissed },
];

/** /xk9j2m4p/reports: every report by status; new ones arrive live (report_submitted). */
export function ReportsPage() {
  const [tab, setTab] = useState<ReportStatusFilter>('pending');
  const [selected, setSelected] = useState<Report | null>(null);
  // The counts come with every list; the All tab's first page carries them for the cards.
  const summary = useAdminReports('all', { limit: 1, offset: 0 });
  const counts = summary.data?.counts;

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-surface-2">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-4 sm:px-6">
          <ButtonLink to={`${ADMIN_PREFIX}/dashboard`} variant="ghost" size="sm"><ArrowLeft className="h-4 w-4" aria-hidden /> Dashboard</ButtonLink>
          <h1 className="text-lg font-bold sm:text-xl">Reports Management</h1>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        {summary.isError && (
          <p className="flex items-center gap-2 rounded-xl border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-600 dark:text-red-400" role="alert">
            <AlertTriangle className="h-4 w-4" aria-hidden /> {REPORT_MESSAGES.loadFailed}
          </p>
        )}
        <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
          {CARDS.map(({ label, icon: Icon, tone, count }) => (
            <div key={label} className="rounded-2xl border border-line bg-surface-2 p-4" data-testid={`summary-${label.toLowerCase().replace(' ', '-')}`}>
              <div className="flex items-center justify-between gap-2 text-sm text-muted">{label}<Icon className={`h-4 w-4 ${tone}`} aria-hidden /></div>
              <p className={`mt-2 text-2xl font-bold ${tone}`} data-testid="summary-count">{counts ? count(counts).toLocaleString('en-US') : '–'}</p>
            </div>
          ))}
        </section>
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ReportStatusFilter)}>
          <Tabs.List aria-label="Report status" className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface-2 p-1 sm:flex">
            {TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value}
                className="flex-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-brand-500 data-[state=active]:text-slate-950">
                {t.label} ({counts ? t.count(counts).toLocaleString('en-US') : '…'})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((t) => (
            <Tabs.Content key={t.value} value={t.value} className="mt-4">
              <ReportList status={t.value} empty={t.empty} onView={setSelected} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
      <ReportDialog report={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
