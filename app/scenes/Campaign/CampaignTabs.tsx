import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import { useSearchParams } from 'react-router';
import type { CampaignDetail } from '../../api/campaign';
import { PriceChart } from '../../components/market/PriceChart';
import { RecentTrades } from '../../components/market/RecentTrades';
import { AboutTab } from './about/AboutTab';
import { DonationsTab } from './DonationsTab';
import { UpdatesTab } from './UpdatesTab';
import { HoldersTab } from './trust/HoldersTab';
import { CommentsTab } from './comments/CommentsTab';
import type { CreatorAccess } from './creatorAccess';

const TABS = ['Chart', 'About', 'Updates', 'Comments', 'Donations', 'Holders'] as const;
const CHART_HEIGHT = 420;

/** Spec 1 'Campaign detail': four tabs, Chart first; issue 23 adds Holders, issue 24 Comments. */
export function CampaignTabs({ campaign, access }: { campaign: CampaignDetail; access: CreatorAccess }) {
  const mint = campaign.token_address!;
  // A notification's link opens its tab: ?tab=updates, ?tab=donations.
  const [params] = useSearchParams();
  const asked = TABS.find((tab) => tab.toLowerCase() === params.get('tab')?.toLowerCase());
  return (
    <Tabs.Root defaultValue={asked ?? 'Chart'}>
      {/* Two rows of three on a phone: a row that scrolls sideways hid 'Donations' and 'Holders' behind an edge with no cue. */}
      <Tabs.List aria-label="Campaign sections" className="grid grid-cols-3 gap-1 rounded-xl border border-line bg-surface-2 p-1 sm:flex" data-testid="campaign-tabs">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className={clsx('flex-1 whitespace-nowrap rounded-lg px-2 py-2 text-sm font-semibold text-muted sm:px-3',
              'hover:text-fg data-[state=active]:bg-surface-3 data-[state=active]:text-fg')}
          >{tab}</Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="Chart" className="mt-4 flex flex-col gap-4">
        {campaign.bonding
          ? <><PriceChart mint={mint} height={CHART_HEIGHT} /><RecentTrades mint={mint} ticker={campaign.ticker} /></>
          : <p className="rounded-2xl border border-line bg-surface-2 p-10 text-center text-muted">Trading opens once this token's bonding curve is live.</p>}
      </Tabs.Content>
      <Tabs.Content value="About" className="mt-4"><AboutTab campaign={campaign} access={access} /></Tabs.Content>
      <Tabs.Content value="Updates" className="mt-4"><UpdatesTab mint={mint} access={access} /></Tabs.Content>
      <Tabs.Content value="Comments" className="mt-4"><CommentsTab mint={mint} /></Tabs.Content>
      <Tabs.Content value="Donations" className="mt-4"><DonationsTab mint={mint} /></Tabs.Content>
      <Tabs.Content value="Holders" className="mt-4"><HoldersTab mint={mint} /></Tabs.Content>
    </Tabs.Root>
  );
}
