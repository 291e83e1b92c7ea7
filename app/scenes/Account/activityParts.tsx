import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useExplorer } from '../../solana/useExplorer';

export type QueryLike = { isPending: boolean; isError: boolean; error: unknown; data?: Record<string, unknown[]> };

/** A card of the account's activity with its loading, failure and empty states. */
export function Section({ title, query, empty, children, footer, summary, testId }: {
  title: string; query: QueryLike; empty: string; children: ReactNode; footer?: ReactNode; summary?: ReactNode; testId?: string;
}) {
  const rows = query.data ? Object.values(query.data)[0] : undefined;
  return (
    <Card className="min-w-0 p-5" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-lg font-bold">{title}</h2>
        {rows && rows.length > 0 && summary}
      </div>
      {query.isPending && <Spinner label={`Loading ${title.toLowerCase()}...`} />}
      {query.isError && <p className="mt-2 text-sm text-muted" role="alert">{errorMessage(query.error, `Failed to load ${title.toLowerCase()}`)}</p>}
      {rows?.length === 0 && <p className="mt-2 text-sm text-muted">{empty}</p>}
      {rows && rows.length > 0 && <ul className="mt-2 divide-y divide-line">{children}</ul>}
      {footer}
    </Card>
  );
}

export function Row({ to, title, detail, right }: { to: string; title: string; detail: string; right: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm">
      <div className="min-w-0">
        <Link to={to} className="block truncate font-semibold hover:underline">{title}</Link>
        <p className="text-xs text-muted">{detail}</p>
      </div>
      <div className="shrink-0 text-right font-semibold">{right}</div>
    </li>
  );
}

/** The explorer link of a transaction, where the network has an explorer. */
export function TxLink({ signature }: { signature: string }) {
  const explorer = useExplorer();
  if (!explorer) return null;
  return (
    <a href={explorer.tx(signature)} target="_blank" rel="noopener noreferrer" aria-label="View transaction" className="text-brand-400">
      <ExternalLink className="h-4 w-4" aria-hidden />
    </a>
  );
}
