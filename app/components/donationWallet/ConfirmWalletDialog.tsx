import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { shortAddress } from '../../../core/format';
import { refusalMessage } from '../../api/client';
import {
  donationWalletKey, fetchDonationWalletChallenge, requestDonationWalletChallenge, type DonationWalletChallenge,
} from '../../api/donationWallets';
import { CopyButton } from '../CopyButton';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

const POLL_MS = 3000;

/**
 * Asks for a one-time confirmation request and shows its link: whoever holds the donation
 * wallet (the creator with another wallet, a charity's treasurer) opens it and signs. The
 * dialog watches the request and says when it was answered.
 */
export function ConfirmWalletDialog({ wallet, open, onOpenChange }: { wallet: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<DonationWalletChallenge | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || (request && request.donationWallet === wallet)) return;
    let live = true;
    setError(null);
    requestDonationWalletChallenge(wallet)
      .then((r) => { if (live) setRequest(r); })
      .catch((err: unknown) => { if (live) setError(refusalMessage(err, 'Could not create the confirmation request')); });
    return () => { live = false; };
  }, [open, wallet, request]);

  const status = useQuery({
    queryKey: ['donation-wallet-challenge', request?.nonce],
    queryFn: () => fetchDonationWalletChallenge(request!.nonce),
    enabled: open && request !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' || !q.state.data ? POLL_MS : false),
  });
  const answered = status.data?.status === 'used';
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: donationWalletKey(wallet) });
  }, [answered, queryClient, wallet]);

  const url = request ? new URL(request.link, window.location.origin).toString() : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Confirm the donation wallet"
      description={`Only the holder of ${shortAddress(wallet)} can confirm it, by signing a message (no transaction, no fee).`}>
      {error && <p role="alert" className="text-sm text-red-500">{error}</p>}
      {!error && !request && <p role="status" className="text-sm text-muted">Creating the confirmation request...</p>}
      {request && !answered && (
        <div className="space-y-3 text-sm">
          <p>Open this link with the wallet that holds the donation wallet connected, or send it to whoever holds it. It works once, for 24 hours.</p>
          <div className="flex items-center gap-1 rounded-lg border border-line bg-surface p-2">
            <a href={url} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate font-mono text-xs text-brand-500" data-testid="confirm-wallet-link">{url}</a>
            <CopyButton text={url} label="Copy confirmation link" toastTitle="Link Copied" />
          </div>
          <p className="text-xs text-muted" role="status">Waiting for the signature...</p>
        </div>
      )}
      {answered && (
        <div className="space-y-3 text-sm" data-testid="confirm-wallet-done">
          <p className="font-semibold text-brand-500">Confirmed by a signature from that wallet: its holder signed Causemint's consent, and every transfer to it now counts as a donation.</p>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>Close</Button>
        </div>
      )}
    </Dialog>
  );
}
