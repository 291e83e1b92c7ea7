import * as Tabs from '@radix-ui/react-tabs';
import { BadgeCheck, Layers, Mail, Search, ShieldCheck, Wallet } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { builtInCharities, readCachedCharities, usePublicCharities, type PublicCharity } from '../../api/charities';
import { Input } from '../../components/ui/Field';
import { PageBanner } from '../../components/ui/PageBanner';
import { Spinner } from '../../components/ui/Spinner';
import { SUPPORT_EMAIL } from '../../lib/site';
import { CharityCard } from './CharityCard';
import { ALL_CATEGORIES, filterCharities, groupByCategory } from './charityGroups';
import { CONTACT_SUBJECT, VETTING_STEPS } from './content';

function StatTile({ icon, value, label }: { icon: ReactNode; value: string; label: string }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface-2 p-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-500/15 text-brand-600 dark:text-brand-400">{icon}</span>
      <div className="min-w-0">
        <p className="text-xl font-extrabold">{value}</p>
        <p className="text-sm text-muted">{label}</p>
      </div>
    </div>
  );
}

/**
 * The live list; when the API fails, the last list this browser saw, else the built-in one
 * (spec 2 sections 3 and 8), with the spec's 'Info' / 'Using cached charity data' toast.
 */
function useCharitiesWithFallback(): { charities: PublicCharity[] | null; pending: boolean } {
  const query = usePublicCharities();
  const fallback = useMemo(() => (query.isError ? readCachedCharities() ?? builtInCharities() : null), [query.isError]);
  const told = useRef(false);
  useEffect(() => {
    if (query.isError && !told.current) {
      told.current = true;
      toast.info('Info', { description: 'Using cached charity data' });
    }
  }, [query.isError]);
  return { charities: query.data ?? fallback, pending: query.isPending };
}

export function VerifiedCharitiesPage() {
  const { charities, pending } = useCharitiesWithFallback();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const all = useMemo(() => charities ?? [], [charities]);
  const categories = useMemo(() => groupByCategory(all).map((g) => g.category), [all]);
  const groups = useMemo(() => groupByCategory(filterCharities(all, search, category)), [all, search, category]);

  return (
    <>
      <PageBanner title="Verified Charities" subtitle="Choose a vetted charity as your campaign's donation wallet. A share of every trade's fee is claimed straight to its wallet, on chain." />
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-10 sm:px-6">
        <section aria-label="Directory figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile icon={<BadgeCheck className="h-5 w-5" aria-hidden />} value={all.length.toLocaleString('en-US')} label="Verified charities" />
          <StatTile icon={<Layers className="h-5 w-5" aria-hidden />} value={categories.length.toLocaleString('en-US')} label="Categories" />
          <StatTile icon={<ShieldCheck className="h-5 w-5" aria-hidden />} value="100%" label="Verified" />
          <StatTile icon={<Wallet className="h-5 w-5" aria-hidden />} value="Direct" label="Donations" />
        </section>

        <section aria-label="Charities" className="space-y-6">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
            <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search charities by name, category or wallet..." aria-label="Search charities" className="pl-9" />
          </div>
          <Tabs.Root value={category} onValueChange={setCategory}>
            <Tabs.List aria-label="Categories" className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface-2 p-1">
              {[ALL_CATEGORIES, ...categories].map((c) => (
                <Tabs.Trigger key={c} value={c} className="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-brand-500 data-[state=active]:text-slate-950">
                  {c}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value={category} className="mt-6 space-y-10">
              {pending && <Spinner />}
              {charities && groups.length === 0 && <p className="py-10 text-center text-muted">No charities found matching your search criteria.</p>}
              {groups.map((g) => (
                <section key={g.category} aria-label={g.category} data-testid="charity-group">
                  <h2 className="flex items-baseline gap-2 text-xl font-bold">
                    {g.category} <span className="text-sm font-normal text-muted">{g.charities.length}</span>
                  </h2>
                  <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {g.charities.map((c) => <CharityCard key={c.id} charity={c} />)}
                  </div>
                </section>
              ))}
            </Tabs.Content>
          </Tabs.Root>
        </section>

        <section className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-2xl border border-line bg-surface-2 p-6">
            <h2 className="text-xl font-bold">How we vet charities</h2>
            <ol className="mt-4 grid gap-4 sm:grid-cols-2">
              {VETTING_STEPS.map((s, i) => (
                <li key={s.title} className="flex gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-slate-950">{i + 1}</span>
                  <div><h3 className="font-semibold">{s.title}</h3><p className="mt-1 text-sm text-muted">{s.text}</p></div>
                </li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl border border-line bg-surface-2 p-6">
            <h2 className="text-xl font-bold">Are you a charity?</h2>
            <p className="mt-2 text-sm text-muted">Want to receive donations from campaigns? Contact us to join the verified list.</p>
            <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`} className="mt-4 inline-flex items-center gap-2 font-semibold text-brand-600 hover:underline dark:text-brand-400">
              <Mail className="h-4 w-4" aria-hidden /> {SUPPORT_EMAIL}
            </a>
          </div>
        </section>
      </div>
    </>
  );
}
