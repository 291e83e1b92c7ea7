import { useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft, Search } from 'lucide-react';
import { ADMIN_PREFIX } from '../../../../core/constants';
import type { AdminCommentFilter } from '../../../../core/schemas/comment';
import { useAdminComments } from '../../../api/adminComments';
import { errorMessage } from '../../../api/client';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { useDebounced } from '../../../lib/useDebounced';
import { AdminCommentCard } from './AdminCommentCard';
import { MutesPanel } from './MutesPanel';
import { ThreadDialog } from './ThreadDialog';

const TABS: { value: AdminCommentFilter; label: string; empty: string }[] = [
  { value: 'reported', label: 'Reported', empty: 'No reported comments' },
  { value: 'hidden', label: 'Hidden', empty: 'No hidden comments' },
  { value: 'all', label: 'All', empty: 'No comments yet' },
];

/** /xk9j2m4p/comments: reported, hidden or all comments, searchable by campaign or wallet; new ones arrive live. */
export function CommentsPage() {
  const [filter, setFilter] = useState<AdminCommentFilter>('reported');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useAdminComments(filter, q);
  const counts = list.data?.pages[0]?.counts;
  const rows = list.data?.pages.flatMap((p) => p.comments) ?? [];
  const countOf = (f: AdminCommentFilter) => (f === 'all' || !counts ? '' : ` (${counts[f].toLocaleString('en-US')})`);

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-surface-2">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-4 sm:px-6">
          <ButtonLink to={`${ADMIN_PREFIX}/dashboard`} variant="ghost" size="sm"><ArrowLeft className="h-4 w-4" aria-hidden /> Dashboard</ButtonLink>
          <h1 className="text-lg font-bold sm:text-xl">Comments Moderation</h1>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
            <Input className="pl-9" aria-label="Search comments" placeholder="Campaign ticker, name or mint, or a wallet" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <Tabs.Root value={filter} onValueChange={(v) => setFilter(v as AdminCommentFilter)}>
            <Tabs.List aria-label="Comment filter" className="flex gap-1 rounded-xl border border-line bg-surface-2 p-1">
              {TABS.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value}
                  className="flex-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-brand-500 data-[state=active]:text-slate-950">
                  {t.label}{countOf(t.value)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Tabs.Root>
          {list.isPending && <Spinner label="Loading comments..." />}
          {list.isError && <p className="text-sm text-muted" role="alert">{errorMessage(list.error, 'Failed to load comments')}</p>}
          {list.isSuccess && rows.length === 0 && (
            <p className="rounded-2xl border border-dashed border-line py-12 text-center text-muted">{q ? 'No comments match this search' : TABS.find((t) => t.value === filter)!.empty}</p>
          )}
          <div className="space-y-3">{rows.map((c) => <AdminCommentCard key={c.id} comment={c} onView={() => setViewing(c.id)} />)}</div>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{list.isFetchingNextPage ? 'Loading...' : 'Load more'}</Button>
            </div>
          )}
        </div>
        <aside><MutesPanel /></aside>
      </main>
      <ThreadDialog id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
