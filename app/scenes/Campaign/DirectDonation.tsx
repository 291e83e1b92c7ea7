import { useState } from 'react';
import { useWallet } from '@solana/wallet-adapter-react';
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { QRCodeSVG } from 'qrcode.react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { parseAmountInput, sanitizeAmountInput, shortAddress } from '../../../core/format';
import { SOL_DECIMALS } from '../../../core/money';
import { donationsRootKey, useDonateLink } from '../../api/donations';
import { CopyButton } from '../../components/CopyButton';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { isUserRejection, txErrorMessage } from '../../solana/txErrors';
import { useSignSendAndConfirm } from '../../solana/useSignSendAndConfirm';

/**
 * Donating SOL straight to the cause: the campaign's Solana Pay transfer request as a QR
 * code (error correction H) any wallet can scan, its address to copy, and with a wallet
 * connected a Donate button that sends the same transfer, reference key included, so the
 * donation counts for this campaign even when the wallet serves several. `onDonated` lets
 * a dialog close, so the thank-you toast's Receipt button can be clicked.
 */
export function DirectDonation({ mint, onDonated }: { mint: string; onDonated?: () => void }) {
  const link = useDonateLink(mint);
  const { publicKey } = useWallet();
  const send = useSignSendAndConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const parsed = parseAmountInput(amount, SOL_DECIMALS);

  const donate = async () => {
    if (!link.data || !publicKey || !parsed.ok) return;
    setSending(true);
    try {
      const transfer = SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: new PublicKey(link.data.recipient), lamports: parsed.units });
      // Solana Pay: the reference rides along as a read-only, non-signing key of the transfer.
      transfer.keys.push({ pubkey: new PublicKey(link.data.reference), isSigner: false, isWritable: false });
      const signature = await send(new Transaction().add(transfer));
      toast.success('Thank you!', {
        description: `${amount} SOL sent to the cause. It shows in the Donations tab in a moment.`,
        // The donor's own receipt: another wallet's transfer in the same transaction has its own.
        action: { label: 'Receipt', onClick: () => { void navigate(`/receipt/${signature}/${publicKey.toBase58()}`); } },
        duration: 15_000,
      });
      setAmount('');
      onDonated?.();
      void queryClient.invalidateQueries({ queryKey: donationsRootKey });
    } catch (err) {
      if (!isUserRejection(err)) toast.error('Donation failed', { description: txErrorMessage(err, 'Transaction failed. Please try again') });
    } finally {
      setSending(false);
    }
  };

  if (link.isPending) return <Spinner label="Preparing the donation address..." />;
  if (!link.data) return <p className="text-sm text-muted" role="alert">Direct donations are not available for this campaign right now.</p>;
  return (
    <div className="flex flex-col items-center gap-4" data-testid="direct-donation">
      <div className="rounded-xl bg-white p-3">
        <QRCodeSVG value={link.data.url} level="H" size={184} data-testid="donation-qr" />
      </div>
      <div className="flex w-full items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
        <span className="min-w-0 truncate font-mono" title={link.data.recipient}>{shortAddress(link.data.recipient)}</span>
        <CopyButton text={link.data.recipient} label="Copy donation address" toastTitle="Address Copied" testId="copy-donation-address" />
      </div>
      {publicKey
        ? (
          <form className="flex w-full items-end gap-2" onSubmit={(e) => { e.preventDefault(); void donate(); }}>
            <div className="flex-1">
              <Label htmlFor="donation-amount">Amount (SOL)</Label>
              <Input id="donation-amount" inputMode="decimal" value={amount} placeholder="0.1" autoComplete="off" onChange={(e) => setAmount(sanitizeAmountInput(e.target.value, SOL_DECIMALS))} />
            </div>
            <Button type="submit" disabled={!parsed.ok || sending} data-testid="donate-button">{sending ? 'Sending...' : 'Donate'}</Button>
          </form>
        )
        : <p className="text-center text-sm text-muted">Scan with any Solana wallet, or connect a wallet to donate from here.</p>}
    </div>
  );
}
