import { Loader2, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** The grid every campaign list uses: one column on a phone, up to four on a wide screen. */
export function CampaignGridLayout({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="campaign-grid">{children}</div>;
}

/** Spec 1 'Explore': 'Loading Campaigns' / 'Fetching campaigns...'. */
export function CampaignsLoading() {
  return (
    <div className="flex flex-col items-center gap-2 py-16 text-center" role="status">
      <Loader2 className="h-8 w-8 animate-spin text-brand-600 dark:text-brand-400" aria-hidden />
      <p className="text-lg font-bold">Loading Campaigns</p>
      <p className="text-sm text-muted">Fetching campaigns...</p>
    </div>
  );
}

export function CampaignsEmpty({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-16 text-center">
      <SearchX className="h-8 w-8 text-muted" aria-hidden />
      <p className="text-lg font-bold">No campaigns found</p>
      {children}
    </div>
  );
}

export function CampaignsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
      <p className="text-lg font-bold">Campaigns could not be loaded</p>
      <p className="text-sm text-muted">{message}</p>
      <button type="button" onClick={onRetry} className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-surface-3">Try again</button>
    </div>
  );
}

type ListQuery = { isPending: boolean; isError: boolean; failureCount: number; error: unknown; failureReason: unknown };

/**
 * A list that failed to load, even while it is still retrying: a query invalidated by every
 * live trade starts over before its retries end, so 'pending' alone could last for ever.
 */
export function listFailure(list: ListQuery): unknown {
  if (list.isError) return list.error;
  return list.isPending && list.failureCount > 0 ? list.failureReason : null;
}
