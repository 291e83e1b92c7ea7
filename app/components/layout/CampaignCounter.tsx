import { useCampaignCount } from '../../api/campaigns';

/** 'Total Campaigns' in the header, from /api/campaigns/count. */
export function CampaignCounter({ className }: { className?: string }) {
  const { data } = useCampaignCount();
  return (
    <div className={className} data-testid="total-campaigns">
      <span className="block whitespace-nowrap text-[10px] leading-tight font-medium tracking-wide text-muted uppercase">Total Campaigns</span>
      <span className="block text-sm leading-tight font-bold text-brand-600 dark:text-brand-400">{data ? data.total.toLocaleString('en-US') : '-'}</span>
    </div>
  );
}
