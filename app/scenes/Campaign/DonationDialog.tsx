import { taxShortOf } from '../../../core/taxStory';
import { usePlatformSharePercent } from '../../api/config';
import type { CampaignDetail } from '../../api/campaign';
import { TradeWidget } from '../../components/trade/TradeWidget';
import { Dialog } from '../../components/ui/Dialog';
import { DirectDonation } from './DirectDonation';

type Props = { campaign: CampaignDetail; open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 1 'Support {title}': donate SOL directly first (the gift a donor came for), or buy the token (its pool's trading fee funds the cause). */
export function DonationDialog({ campaign, open, onOpenChange }: Props) {
  const title = campaign.title || campaign.name;
  const platformSharePercent = usePlatformSharePercent();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Support ${title}`} description={`Donate SOL directly, or buy the token: ${taxShortOf(platformSharePercent)}.`}>
      <div className="flex max-h-[70vh] flex-col gap-6 overflow-y-auto pr-1">
        <section aria-label="Donate directly">
          <h3 className="mb-2 text-sm font-bold">Donate SOL directly</h3>
          <DirectDonation mint={campaign.token_address!} onDonated={() => onOpenChange(false)} />
        </section>
        {campaign.bonding && (
          <section aria-label="Buy the token">
            <h3 className="mb-2 text-sm font-bold">Or buy ${campaign.ticker}: its trading fee funds the cause</h3>
            <TradeWidget mint={campaign.token_address!} ticker={campaign.ticker} />
          </section>
        )}
      </div>
    </Dialog>
  );
}
