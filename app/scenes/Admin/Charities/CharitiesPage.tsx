import { ArrowLeft, Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { useAdminCharities, type AdminCharity } from '../../../api/charities';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { CharityDialog } from './CharityDialog';
import { CharityRow } from './CharityRow';
import { useCharityActions } from './useCharityActions';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-line bg-surface-2 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-extrabold" data-testid={`charity-stat-${label.toLowerCase()}`}>{value.toLocaleString('en-US')}</p>
    </div>
  );
}

const matches = (c: AdminCharity, q: string) => [c.name, c.category, c.wallet_address].some((f) => f.toLowerCase().includes(q));

/** /xk9j2m4p/charities: the verified-charity list the public page and the campaign form read (spec 2 section 2.13). */
export function CharitiesPage() {
  const query = useAdminCharities();
  const actions = useCharityActions();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ charity: AdminCharity | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AdminCharity | null>(null);

  useEffect(() => {
    if (query.isError) toast.error('Error', { description: 'Failed to load charities' });
  }, [query.isError]);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const q = search.trim().toLowerCase();
  const shown = q ? all.filter((c) => matches(c, q)) : all;
  const active = all.filter((c) => c.is_active).length;
  const categories = new Set(all.map((c) => c.category)).size;

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-surface-2">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
          <ButtonLink to={`${ADMIN_PREFIX}/dashboard`} variant="secondary" size="sm"><ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard</ButtonLink>
          <h1 className="text-lg font-bold sm:text-xl">Charity Management</h1>
          <Button size="sm" className="ml-auto" onClick={() => setEditing({ charity: null, key: Date.now() })}><Plus className="h-4 w-4" aria-hidden /> Add New Charity</Button>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        <section aria-label="Charity figures" className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatCard label="Total" value={all.length} />
          <StatCard label="Active" value={active} />
          <StatCard label="Inactive" value={all.length - active} />
          <StatCard label="Categories" value={categories} />
        </section>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search charities..." aria-label="Search charities" className="pl-9" />
        </div>
        {q && shown.length > 0 && <p className="text-sm text-muted">Clear the search to reorder.</p>}
        {query.isPending && <Spinner />}
        {query.isError && (
          <div className="rounded-2xl border border-line bg-surface-2 p-8 text-center" role="alert">
            <p className="font-semibold">Failed to load charities</p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => void query.refetch()}>Retry</Button>
          </div>
        )}
        {query.data && shown.length === 0 && (
          <p className="py-10 text-center text-muted">{q ? 'No charities match your search.' : 'No charities yet. Add the first one.'}</p>
        )}
        <ol className="space-y-2">
          {shown.map((c) => (
            <CharityRow
              key={c.id}
              charity={c}
              first={Boolean(q) || c.id === all[0]?.id}
              last={Boolean(q) || c.id === all.at(-1)?.id}
              busy={actions.busy}
              onMove={(direction) => void actions.move(c, direction)}
              onToggle={(next) => void actions.toggle(c, next)}
              onEdit={() => setEditing({ charity: c, key: Date.now() })}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </ol>
      </main>
      {editing && <CharityDialog key={editing.key} open charity={editing.charity} onClose={() => setEditing(null)} />}
      <Dialog open={deleting !== null} onOpenChange={(open) => { if (!open) setDeleting(null); }} title="Delete charity" description="Are you sure you want to delete this charity?">
        <p className="text-sm">{deleting?.name}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>Cancel</Button>
          <Button variant="danger" disabled={actions.busy} onClick={() => { if (deleting) void actions.remove(deleting).then((ok) => { if (ok) setDeleting(null); }); }}>Delete</Button>
        </div>
      </Dialog>
    </div>
  );
}
