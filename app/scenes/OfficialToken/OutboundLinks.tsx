import { BarChart3, ExternalLink, LayoutDashboard, PlusCircle, Repeat, ShieldCheck, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import type { OfficialToken } from '../../api/officialToken';

const LINKS = [
  { key: 'chart', label: 'Pool chart', icon: BarChart3 },
  { key: 'trade', label: 'Trade', icon: Repeat },
  { key: 'dashboard', label: 'Token dashboard', icon: LayoutDashboard },
  { key: 'safety', label: 'Safety check', icon: ShieldCheck },
  { key: 'revenueShare', label: 'Revenue share', icon: Share2 },
  { key: 'createPool', label: 'Create a pool', icon: PlusCircle },
] as const;

const itemClass = 'flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-3 text-sm font-semibold hover:bg-surface-3';

/** The six configured outbound links: this page's own sections, this app's pages, or outside sites in a new tab. */
export function OutboundLinks({ links }: { links: OfficialToken['links'] }) {
  return (
    <nav aria-label="Official token links" className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="official-links">
      {LINKS.map(({ key, label, icon: Icon }) => {
        const href = links[key];
        if (!href) return null;
        const body = <><Icon className="h-4 w-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden /><span className="truncate">{label}</span></>;
        // A section of this page: a plain anchor scrolls to it.
        if (href.startsWith('/official-token#')) return <a key={key} href={href.slice('/official-token'.length)} className={itemClass}>{body}</a>;
        if (href.startsWith('/')) return <Link key={key} to={href} className={itemClass}>{body}</Link>;
        return (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer" className={itemClass}>
            {body}<ExternalLink className="ml-auto h-3 w-3 shrink-0 text-muted" aria-hidden />
          </a>
        );
      })}
    </nav>
  );
}
