import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Search, X } from 'lucide-react';
import { fetchCampaigns } from '../../api/campaigns';
import { Input } from '../../components/ui/Field';
import { useDebounced } from '../../lib/useDebounced';

export type PickedCampaign = { token_address: string; ticker: string; name: string };

const SUGGESTIONS = 8;

/** Search-as-you-type over the public campaigns (name, title, ticker, description): an ARIA combobox. */
export function CampaignPicker({ value, onChange, disabled }: { value: PickedCampaign | null; onChange: (c: PickedCampaign | null) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim(), 250);
  const listId = useId();
  const results = useQuery({
    queryKey: ['campaigns', 'picker', search],
    queryFn: () => fetchCampaigns({ search, limit: SUGGESTIONS, offset: 0 }),
    enabled: search.length > 0,
    staleTime: 30_000,
  });
  // Only minted campaigns can be reported: the report names the campaign by its token address.
  const options = (results.data?.campaigns ?? []).filter((c) => c.token_address);

  if (value) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2" data-testid="picked-campaign">
        <span className="rounded-md bg-brand-500/15 px-2 py-0.5 text-sm font-bold text-brand-600 dark:text-brand-400">${value.ticker}</span>
        <span className="min-w-0 flex-1 truncate text-sm">{value.name}</span>
        {!disabled && (
          <button type="button" className="rounded p-1 text-muted hover:text-fg" onClick={() => onChange(null)} aria-label="Choose another campaign">
            <X className="h-4 w-4" aria-hidden />
          </button>
        )}
      </div>
    );
  }

  const pick = (i: number) => {
    const c = options[i];
    if (!c?.token_address) return;
    onChange({ token_address: c.token_address, ticker: c.ticker, name: c.title || c.name });
    setText('');
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(a + 1, options.length - 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
    else if (e.key === 'Enter' && open && options.length > 0) { e.preventDefault(); pick(active); }
    else if (e.key === 'Escape') setOpen(false);
  };
  const showList = open && search.length > 0;

  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden />
      <Input
        id="report-campaign"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
        className="pl-9"
        placeholder="Search by name or ticker..."
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(e) => { setText(e.target.value); setOpen(true); setActive(0); }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul id={listId} role="listbox" className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-line bg-surface-2 py-1 shadow-xl">
          {results.isFetching && options.length === 0 && <li className="px-3 py-2 text-sm text-muted">Searching...</li>}
          {results.isError && <li className="px-3 py-2 text-sm text-red-600 dark:text-red-400">Failed to load campaigns</li>}
          {!results.isFetching && !results.isError && options.length === 0 && <li className="px-3 py-2 text-sm text-muted">No campaigns match “{search}”</li>}
          {options.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-surface-3' : ''}`}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => { e.preventDefault(); pick(i); }}
            >
              <span className="font-bold text-brand-600 dark:text-brand-400">${c.ticker}</span>
              <span className="min-w-0 flex-1 truncate">{c.title || c.name}</span>
              {c.verified && <BadgeCheck className="h-4 w-4 shrink-0 text-sky-600 dark:text-sky-400" aria-label="Verified" />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
