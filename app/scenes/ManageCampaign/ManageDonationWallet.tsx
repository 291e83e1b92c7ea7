import { DonationWalletStatus } from '../../components/donationWallet/DonationWalletStatus';
import { Card } from '../../components/ui/Card';

/** The campaign's donation wallet and how transfers to it count, with the way to confirm it. */
export function ManageDonationWallet({ wallet }: { wallet: string }) {
  return (
    <Card data-testid="manage-donation-wallet">
      <h2 className="text-lg font-bold">Donation Wallet</h2>
      <p className="mt-2 font-mono text-sm break-all">{wallet}</p>
      <DonationWalletStatus wallet={wallet} />
    </Card>
  );
}
