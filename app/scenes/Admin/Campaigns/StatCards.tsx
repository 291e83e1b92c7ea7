import type { ModerationCounts } from '../../../api/adminCampaigns';
import { formatNumber } from '../../../../core/format';

const CARDS: { key: keyof ModerationCounts; label: string }[] = [
  { key: 'all', label: 'Total Campaigns' },
  { key: 'verified', label: 'Verified' },
  { key: 'unverified', label: 'Unverified' },
  { key: 'flagged', label: 'Flagged' },
  { key: 'requests', label: 'Need Verification' },
];

export function StatCards({ counts }: { counts: ModerationCounts | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map((card) => (
        <div key={card.key} className="rounded-xl border border-line bg-surface-2 p-4" data-testid={`stat-${card.key}`}>
          <p className="text-xs text-muted">{card.label}</p>
          <p className="mt-1 text-2xl font-bold">{counts ? formatNumber(counts[card.key], 0) : '—'}</p>
        </div>
      ))}
    </div>
  );
}
