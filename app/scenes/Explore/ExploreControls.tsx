import { useEffect, useState } from 'react';
import { ArrowDownUp, Search, ShieldAlert } from 'lucide-react';
import clsx from 'clsx';
import { CAMPAIGN_CATEGORIES } from '../../../core/enums';
import { CAMPAIGN_FILTERS, CAMPAIGN_FILTER_LABELS, CAMPAIGN_SORT_LABELS, type CampaignSort } from '../../../core/campaignList';
import { Input } from '../../components/ui/Field';
import { useDebounced } from '../../lib/useDebounced';
import { defaultSort, type ExploreView } from './exploreQuery';

const SEARCH_SETTLE_MS = 300;

type Props = { view: ExploreView; onChange: (change: Partial<ExploreView>) => void };

const SORTS = Object.keys(CAMPAIGN_SORT_LABELS) as CampaignSort[];
const selectClass = 'h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg';

/** Category dropdown, the sort, the search box, the filter chips and the high-risk toggle of /explore. */
export function ExploreControls({ view, onChange }: Props) {
  // Typing updates the box at once and the URL (and the query) once the text settles.
  const [text, setText] = useState(view.search);
  const settled = useDebounced(text, SEARCH_SETTLE_MS);
  // Only a settled change of the text asks: onChange and view are read fresh when it does.
  useEffect(() => { if (settled.trim() !== view.search) onChange({ search: settled.trim() }); }, [settled]);
  // Back/forward or a shared link changes the URL under us.
  useEffect(() => { setText((current) => (current.trim() === view.search ? current : view.search)); }, [view.search]);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Search campaigns</span>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} placeholder="Search campaigns..." className="pl-9" />
        </label>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <label className="sm:w-48">
            <span className="sr-only">Category</span>
            <select value={view.category} onChange={(e) => onChange({ category: e.target.value })} className={selectClass} data-testid="category-select">
              <option value="">All Categories</option>
              {CAMPAIGN_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </label>
          <label className="relative sm:w-56">
            <span className="sr-only">Sort by</span>
            <ArrowDownUp className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
            <select
              value={view.sort ?? defaultSort(view.filter)}
              onChange={(e) => onChange({ sort: e.target.value as CampaignSort })}
              className={clsx(selectClass, 'pl-9')}
              data-testid="sort-select"
            >
              {SORTS.map((sort) => <option key={sort} value={sort}>{CAMPAIGN_SORT_LABELS[sort]}</option>)}
            </select>
          </label>
        </div>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter">
        {CAMPAIGN_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={view.filter === filter}
            onClick={() => onChange({ filter })}
            className={clsx(
              'rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors',
              view.filter === filter ? 'border-brand-500 bg-brand-500 text-slate-950' : 'border-line bg-surface-2 hover:bg-surface-3',
            )}
          >{CAMPAIGN_FILTER_LABELS[filter]}</button>
        ))}
        {/* Not a chip: it combines with any of them (issue 23's high-severity trust flags). */}
        <button
          type="button"
          aria-pressed={view.hideHighRisk}
          onClick={() => onChange({ hideHighRisk: !view.hideHighRisk })}
          data-testid="hide-high-risk"
          className={clsx(
            'inline-flex items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors sm:ml-auto',
            view.hideHighRisk ? 'border-red-500 bg-red-500 text-white' : 'border-line bg-surface-2 hover:bg-surface-3',
          )}
        ><ShieldAlert className="h-4 w-4" aria-hidden /> Hide high-risk campaigns</button>
      </div>
    </div>
  );
}
