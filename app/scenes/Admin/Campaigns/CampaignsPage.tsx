import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { MODERATION_PAGE_SIZE, type ModerationFilter } from '../../../../core/schemas/moderation';
import { useAdminCampaigns, useAdminVerificationRequests, useModerateCampaign, type ReviewedRequest } from '../../../api/adminCampaigns';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { useDebounced } from '../../../lib/useDebounced';
import { CampaignDetailDialog } from './CampaignDetailDialog';
import { FlagCampaignDialog } from '../FlagCampaignDialog';
import { CampaignRow } from './CampaignRow';
import { RequestsPanel } from './RequestsPanel';
import { StatCards } from './StatCards';
import { VerificationReviewDialog } from './VerificationReviewDialog';

const TABS: { value: ModerationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Unverified' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'requests', label: 'Verification Requests' },
];

/** /xk9j2m4p/campaigns: campaign moderation and the verification-request review (spec 2 section 2.11). */
export function CampaignsPage() {
  const [filter, setFilter] = useState<ModerationFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState<ReviewedRequest | null>(null);
  const list = useAdminCampaigns({ filter, search, limit: MODERATION_PAGE_SIZE, offset: (page - 1) * MODERATION_PAGE_SIZE });
  const pending = useAdminVerificationRequests('pending');
  const moderate = useModerateCampaign();
  const queryClient = useQueryClient();

  useEffect(() => { setPage(1); }, [filter, search]);
  useEffect(() => { if (list.isError) toast.error('Failed to load campaigns'); }, [list.isError]);

  const [flagging, setFlagging] = useState<{ id: number; ticker: string; flagged: boolean } | null>(null);
  const change = (id: number, changes: { verified?: boolean; flagged?: boolean; reason?: string }) => {
    moderate.mutate({ id, ...changes }, {
      onSuccess: (c) => toast.success(changes.verified !== undefined
        ? (c.verified ? `$${c.ticker} verified` : `$${c.ticker} verification removed`)
        : (c.flagged ? `$${c.ticker} flagged` : `$${c.ticker} unflagged`)),
      onError: () => toast.error(changes.verified !== undefined ? 'Failed to update verification status' : 'Failed to update flag status'),
    });
  };
  const rows = list.isError ? [] : list.data?.campaigns ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / MODERATION_PAGE_SIZE));
  const openReview = (requestId: number) => {
    const found = pending.data?.requests.find((r) => r.id === requestId);
    if (found) setReviewing(found);
  };

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-surface-2">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
          <Link to={`${ADMIN_PREFIX}/dashboard`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-400 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Dashboard
          </Link>
          <h1 className="text-lg font-bold sm:text-xl">Campaign Management</h1>
          <Button variant="secondary" size="sm" className="ml-auto" onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })} disabled={list.isFetching}>
            <RefreshCw className={`h-4 w-4 ${list.isFetching ? 'animate-spin' : ''}`} aria-hidden /> Refresh
          </Button>
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
        <StatCards counts={list.data?.counts} />
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input aria-label="Search campaigns" placeholder="Search campaigns..." title="Name, ticker, token address or creator wallet" value={searchText} onChange={(e) => setSearchText(e.target.value)} className="pl-9" />
        </div>
        <Tabs.Root value={filter} onValueChange={(v) => setFilter(v as ModerationFilter)}>
          <Tabs.List aria-label="Campaign filters" className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface-2 p-1">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-brand-500 data-[state=active]:text-slate-950">
                {tab.label} ({list.data?.counts[tab.value] ?? 0})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        {filter === 'requests' && <RequestsPanel onReview={setReviewing} />}
        <section className="flex flex-col gap-3">
          {filter === 'requests' && <h2 className="text-lg font-bold">Unverified campaigns with more than 50 backers or a pending request</h2>}
          {list.isLoading ? <Spinner label="Loading campaigns..." /> : list.isError ? (
            <p role="alert" className="text-sm text-red-400">Failed to load campaigns. <button type="button" className="underline" onClick={() => void list.refetch()}>Try again</button></p>
          ) : rows.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-8 text-center text-sm text-muted">{search ? 'No campaigns match your search' : 'No campaigns here'}</p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="moderation-list">
              {rows.map((c) => (
                <CampaignRow
                  key={c.id}
                  campaign={c}
                  busy={moderate.isPending && moderate.variables?.id === c.id}
                  onOpen={() => setDetailId(c.id)}
                  onVerify={(verified) => change(c.id, { verified })}
                  onFlag={(flagged) => setFlagging({ id: c.id, ticker: c.ticker, flagged })}
                  onReview={c.pending_request_id ? () => openReview(c.pending_request_id!) : undefined}
                />
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pages} onPage={setPage} label="Campaign pages" />
        </section>
      </main>
      <CampaignDetailDialog id={detailId} onClose={() => setDetailId(null)} />
      <FlagCampaignDialog
        ticker={flagging?.ticker ?? null} flagging={flagging?.flagged ?? true} busy={moderate.isPending}
        onCancel={() => setFlagging(null)}
        onConfirm={(reason) => { if (flagging) change(flagging.id, { flagged: flagging.flagged, reason }); setFlagging(null); }}
      />
      <VerificationReviewDialog request={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
