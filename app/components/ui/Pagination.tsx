import { ChevronLeft, ChevronRight } from 'lucide-react';
import clsx from 'clsx';

// Spec 1: Previous and Next, and up to 5 numbered page buttons (explore, donations).
const WINDOW = 5;

/** The page numbers to show: up to five, centred on the current page where there is room. */
export function pageWindow(page: number, pages: number): number[] {
  const count = Math.min(WINDOW, pages);
  const start = Math.min(Math.max(1, page - Math.floor(WINDOW / 2)), Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

type Props = { page: number; pages: number; onPage: (page: number) => void; label?: string };

export function Pagination({ page, pages, onPage, label = 'Pages' }: Props) {
  if (pages <= 1) return null;
  const button = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border border-line px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5">
      <button type="button" className={clsx(button, 'hover:bg-surface-3')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
      </button>
      {pageWindow(page, pages).map((n) => (
        <button
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          className={clsx(button, n === page ? 'border-brand-500 bg-brand-500 text-slate-950' : 'hover:bg-surface-3')}
          onClick={() => onPage(n)}
        >{n}</button>
      ))}
      <button type="button" className={clsx(button, 'hover:bg-surface-3')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight className="h-4 w-4" aria-hidden />
      </button>
    </nav>
  );
}
