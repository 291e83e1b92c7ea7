import type { CampaignDetail } from '../../api/campaign';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Dialog } from '../../components/ui/Dialog';
import { DirectDonation } from './DirectDonation';

type Props = { campaign: CampaignDetail; open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 1 'Support {title}': buy the token (its tax funds the cause), or donate SOL directly. */
export function DonationDialog({ campaign, open, onOpenChange }: Props) {
  const title = campaign.title || campaign.name;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Support ${title}`} description="Buy the token (6% of every trade goes to the cause) or donate SOL directly.">
      <div className="flex max-h-[70vh] flex-col gap-6 overflow-y-auto pr-1">
        {campaign.bonding && (
          <section aria-label="Buy the token">
            <h3 className="mb-2 text-sm font-bold">Buy ${campaign.ticker}</h3>
            <TradeWidget mint={campaign.token_address!} ticker={campaign.ticker} />
          </section>
        )}
        <section aria-label="Donate directly">
          <h3 className="mb-2 text-sm font-bold">Donate SOL directly</h3>
          <DirectDonation mint={campaign.token_address!} onDonated={() => onOpenChange(false)} />
        </section>
      </div>
    </Dialog>
  );
}
