import * as Switch from '@radix-ui/react-switch';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import type { AdminCharity } from '../../../api/charities';
import { CharityLogo, charityHref } from '../../VerifiedCharities/CharityCard';

type Props = {
  charity: AdminCharity;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent';
const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/** One charity in display order: move, identity, badges, website, wallet (first 8 characters), toggle, edit, delete. */
export function CharityRow({ charity: c, first, last, busy, onMove, onToggle, onEdit, onDelete }: Props) {
  const href = charityHref(c);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface-2 p-3 sm:flex-nowrap" data-testid="admin-charity-row" data-charity-id={c.id}>
      <div className="flex flex-col gap-1">
        <button type="button" className={iconButton} aria-label={`Move ${c.name} up`} disabled={first || busy} onClick={() => onMove('up')}>
          <ArrowUp className="h-4 w-4" aria-hidden />
        </button>
        <button type="button" className={iconButton} aria-label={`Move ${c.name} down`} disabled={last || busy} onClick={() => onMove('down')}>
          <ArrowDown className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <CharityLogo name={c.name} logo={c.logo} size="h-10 w-10" />
      <div className="min-w-0 flex-1 basis-48">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold" data-testid="admin-charity-name">{c.name}</h3>
          <span className={`${badge} ${c.is_active ? 'bg-brand-500/15 text-brand-600 dark:text-brand-400' : 'bg-surface-3 text-muted'}`}>{c.is_active ? 'Active' : 'Inactive'}</span>
          <span className={`${badge} border border-line text-muted`}>{c.category}</span>
        </div>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {c.website && (href
            ? <a href={href} target="_blank" rel="noopener noreferrer" className="truncate text-brand-600 hover:underline dark:text-brand-400">{c.website}</a>
            : <span className="truncate">{c.website}</span>)}
          <code className="font-mono text-xs leading-5" title={c.wallet_address}>{c.wallet_address.slice(0, 8)}...</code>
        </div>
      </div>
      <div className="ml-auto flex items-center gap-2">
        <Switch.Root
          checked={c.is_active}
          disabled={busy}
          onCheckedChange={onToggle}
          aria-label={`${c.name} active`}
          className="relative h-6 w-11 shrink-0 rounded-full bg-surface-3 transition-colors data-[state=checked]:bg-brand-500 disabled:opacity-50"
        >
          <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <button type="button" className={iconButton} aria-label={`Edit ${c.name}`} onClick={onEdit}><Pencil className="h-4 w-4" aria-hidden /></button>
        <button type="button" className={`${iconButton} text-red-500`} aria-label={`Delete ${c.name}`} disabled={busy} onClick={onDelete}><Trash2 className="h-4 w-4" aria-hidden /></button>
      </div>
    </li>
  );
}
