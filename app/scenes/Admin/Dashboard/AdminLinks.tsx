import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_PREFIX } from '../../../../core/constants';

const LINKS = [
  { to: `${ADMIN_PREFIX}/campaigns`, label: 'Advanced Management', hint: 'Verify, flag and review campaigns' },
  { to: `${ADMIN_PREFIX}/reports`, label: 'Manage Reports', hint: 'Reports from visitors' },
  { to: `${ADMIN_PREFIX}/comments`, label: 'Manage Comments', hint: 'Reported and hidden comments, muted wallets' },
  { to: `${ADMIN_PREFIX}/charities`, label: 'Manage Charities', hint: 'The verified charity list' },
  { to: '/verified-charities', label: 'Verified Charities', hint: 'The public page' },
  { to: '/explore', label: 'Public campaign pages', hint: 'Every campaign, as visitors see it' },
];

/** Spec 2 section 2.10: the dashboard's links to the other admin pages and the public ones. */
export function AdminLinks() {
  return (
    <nav aria-label="Admin pages" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {LINKS.map((l) => (
        <Link key={l.to} to={l.to} className="group rounded-xl border border-line bg-surface-2 p-4 hover:border-brand-500">
          <span className="flex items-center gap-2 font-semibold group-hover:text-brand-600 dark:group-hover:text-brand-400">
            {l.label} <ExternalLink className="h-4 w-4" aria-hidden />
          </span>
          <span className="mt-1 block text-sm text-muted">{l.hint}</span>
        </Link>
      ))}
    </nav>
  );
}
