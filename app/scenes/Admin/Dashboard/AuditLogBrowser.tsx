import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { useAuditLog, useAuditLogFilters, type AuditLogFilter } from '../../../api/security';
import { Button } from '../../../components/ui/Button';
import { Label } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { AuditLogEntryRow } from './AuditLogEntryRow';
import { actionLabel } from './securityFormat';

const selectClass = 'h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg';

/** Every admin write, newest first, filtered by admin and action, older pages on demand. */
export function AuditLogBrowser() {
  const [filter, setFilter] = useState<AuditLogFilter>({});
  const choices = useAuditLogFilters();
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <section aria-labelledby="audit-log-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="audit-log-title" className="text-lg font-bold">Audit Log</h2>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void log.refetch()} disabled={log.isFetching} aria-label="Refresh audit log">
          <RefreshCw className={log.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> Refresh
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted">Every change made in the admin area: who, what, when and from where.</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor="audit-admin-filter">Admin</Label>
          <select id="audit-admin-filter" className={selectClass} value={filter.admin ?? ''} onChange={(e) => setFilter({ ...filter, admin: e.target.value || undefined })}>
            <option value="">All admins</option>
            {choices.data?.admins.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
        <div>
          <Label htmlFor="audit-action-filter">Action</Label>
          <select id="audit-action-filter" className={selectClass} value={filter.action ?? ''} onChange={(e) => setFilter({ ...filter, action: e.target.value || undefined })}>
            <option value="">All actions</option>
            {choices.data?.actions.map((a) => <option key={a} value={a}>{actionLabel(a)}</option>)}
          </select>
        </div>
      </div>
      <div className="mt-4">
        {log.isPending ? <Spinner label="Loading audit log..." />
          : log.isError && entries.length === 0 ? (
            <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm">
              Failed to load the audit log. <Button variant="secondary" size="sm" className="ml-2" onClick={() => void log.refetch()}>Retry</Button>
            </div>
          ) : entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted" data-testid="audit-empty">No audit log entries match these filters</p>
          ) : (
            <ul className="divide-y divide-line rounded-xl border border-line" data-testid="audit-log">
              {entries.map((entry) => <AuditLogEntryRow key={entry.id} entry={entry} />)}
            </ul>
          )}
        {log.hasNextPage && (
          <div className="mt-3 flex justify-center">
            <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage} data-testid="audit-older">
              {log.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
