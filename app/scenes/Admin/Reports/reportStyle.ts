import type { ReportStatus } from '../../../../core/enums';
import { REPORT_TYPES } from '../../../../core/enums';

export const STATUS_BADGE: Record<ReportStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-500 dark:text-amber-300',
  investigating: 'bg-sky-500/15 text-sky-600 dark:text-sky-300',
  resolved: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-300',
  dismissed: 'bg-slate-500/20 text-slate-600 dark:text-slate-300',
};

const TYPE_BADGE: Record<string, string> = {
  'Fraudulent/Scam': 'bg-red-500/15 text-red-600 dark:text-red-300',
  'Money Laundering Suspicion': 'bg-red-500/15 text-red-600 dark:text-red-300',
  'Identity Theft': 'bg-orange-500/15 text-orange-600 dark:text-orange-300',
  Harassment: 'bg-orange-500/15 text-orange-600 dark:text-orange-300',
  'Misleading Information': 'bg-amber-500/15 text-amber-600 dark:text-amber-300',
  'Inappropriate Content': 'bg-purple-500/15 text-purple-600 dark:text-purple-300',
  'Copyright Violation': 'bg-indigo-500/15 text-indigo-600 dark:text-indigo-300',
  Other: 'bg-slate-500/20 text-slate-600 dark:text-slate-300',
};

/** Spec 2 section 3: an unknown type is styled as Other. */
export const typeBadge = (type: string) => TYPE_BADGE[(REPORT_TYPES as readonly string[]).includes(type) ? type : 'Other'];

export const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

// Dates in the viewer's language and time zone, as everywhere else (core/format).
export { formatDate, formatDateTime } from '../../../../core/format';
