import type { AuditLogEntry } from '../../../api/security';
import { actionLabel, formatWhen } from './securityFormat';

/** One admin write: when, who, what, on what, from where, and its recorded details. */
export function AuditLogEntryRow({ entry }: { entry: AuditLogEntry }) {
  const hasDetails = Object.keys(entry.details).length > 0;
  return (
    <li className="p-3" data-testid="audit-row" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-md bg-surface-3 px-2 py-0.5 text-xs font-semibold" data-testid="audit-action">{actionLabel(entry.action)}</span>
        {entry.target && <span className="min-w-0 font-mono text-sm break-all" data-testid="audit-target">{entry.target}</span>}
        <time className="ml-auto text-xs text-muted" dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time>
      </div>
      <p className="mt-1 text-xs text-muted">
        by <span className="font-medium text-fg" data-testid="audit-admin">{entry.admin_username}</span>
        {entry.ip_address && <> from <span className="font-mono break-all">{entry.ip_address}</span></>}
      </p>
      {hasDetails && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-muted hover:text-fg">Details</summary>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-surface p-2 font-mono whitespace-pre-wrap break-all">{JSON.stringify(entry.details, null, 2)}</pre>
        </details>
      )}
    </li>
  );
}
