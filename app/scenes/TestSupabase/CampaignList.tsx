import { formatDateTime } from '../../../core/format';
import type { CampaignSummary } from '../../api/campaigns';

function formatGoal(goal: number | string): string {
  const value = Number(goal);
  return Number.isFinite(value) ? `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} SOL` : `${goal} SOL`;
}

export function CampaignList({ campaigns }: { campaigns: CampaignSummary[] }) {
  if (campaigns.length === 0) {
    return <p className="mt-8 text-center text-muted">No campaigns yet. Try creating a test campaign!</p>;
  }
  return (
    <section className="mt-8">
      <h2 className="text-xl font-bold">Campaigns ({campaigns.length})</h2>
      <ul className="mt-4 space-y-3" data-testid="campaign-list">
        {campaigns.map((c) => (
          <li key={c.id} className="rounded-xl border border-line bg-surface-2 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-bold">{c.name} <span className="font-mono text-sm text-brand-600 dark:text-brand-400">${c.ticker}</span></h3>
              <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs">{c.category}</span>
            </div>
            <p className="mt-2 text-sm text-muted">{c.description}</p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-muted">
              <div><dt className="inline">Goal: </dt><dd className="inline font-semibold text-fg">{formatGoal(c.goal_amount)}</dd></div>
              <div><dt className="inline">Created: </dt><dd className="inline">{formatDateTime(c.created_at)}</dd></div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
