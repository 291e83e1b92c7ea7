import { BadgeCheck, Info } from 'lucide-react';
import { useState } from 'react';
import { REFERENCE_ONLY_TEXT } from '../../../core/donationCounting';
import { useDonationWalletCheck } from '../../api/donationWallets';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../ui/Button';
import { ConfirmWalletDialog } from './ConfirmWalletDialog';


/**
 * How transfers to a donation wallet will count for the signed-in creator's campaigns, and
 * the way to make every transfer count: the wallet confirms it is theirs. The refusal of a
 * wallet that may not be one is the field's error, not shown here.
 */
export function DonationWalletStatus({ wallet }: { wallet: string }) {
  const auth = useAuth();
  const check = useDonationWalletCheck(wallet, auth.wallet);
  const [open, setOpen] = useState(false);
  if (!check.data?.allowed) return null;
  if (check.data.proven) {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-xs text-brand-600 dark:text-brand-400" data-testid="donation-wallet-proven">
        <BadgeCheck className="h-4 w-4 shrink-0" aria-hidden />
        {wallet === auth.wallet ? 'Your own wallet: you control it, and every transfer to it counts as a donation.'
          : 'Confirmed by a signature from that wallet (its holder signed Causemint\'s consent): every transfer to it counts as a donation.'}
      </p>
    );
  }
  return (
    <div className="mt-1 space-y-1 text-xs text-muted" data-testid="donation-wallet-unproven">
      <p className="flex items-start gap-1.5">
        <Info className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        <span>{REFERENCE_ONLY_TEXT} (the Donate button adds it). If you control this wallet, confirm it and every transfer to it counts.</span>
      </p>
      {auth.isAuthenticated && (
        <>
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="confirm-donation-wallet">Confirm this wallet</Button>
          <ConfirmWalletDialog wallet={wallet} open={open} onOpenChange={setOpen} />
        </>
      )}
    </div>
  );
}
