import { useWallet } from '@solana/wallet-adapter-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import bs58 from 'bs58';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { shortAddress } from '../../../core/format';
import { orNull, refusalMessage } from '../../api/client';
import { fetchDonationWalletChallenge, proveDonationWallet, type DonationWalletChallenge } from '../../api/donationWallets';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useWalletDialog } from '../../solana/walletDialog';

/**
 * /confirm-donation-wallet/{nonce}: whoever holds a donation wallet signs the creator's
 * one-time request, so every transfer to that wallet counts for the creator's campaigns.
 */
export function ConfirmDonationWalletPage() {
  const { nonce = '' } = useParams();
  const request = useQuery({
    queryKey: ['donation-wallet-challenge', nonce],
    queryFn: () => orNull(fetchDonationWalletChallenge(nonce)),
    retry: false,
  });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="confirm-wallet-page">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Confirm a donation wallet</h1>
      {request.isPending && <Spinner label="Loading the confirmation request..." />}
      {request.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm">
          Failed to load the confirmation request
          <Button size="sm" variant="secondary" onClick={() => void request.refetch()}>Retry</Button>
        </div>
      )}
      {request.data === null && <Ended text="This confirmation link is not valid. Ask the campaign creator for a new one." />}
      {request.data && <RequestCard request={request.data} />}
    </div>
  );
}

/** Which campaigns the consent is for, so the holder knows what they vouch for. */
function CampaignsNamed({ campaigns }: { campaigns: NonNullable<DonationWalletChallenge['campaigns']> }) {
  if (campaigns.length === 0) {
    return <p data-testid="confirm-wallet-campaigns">The campaign it is for has not launched yet: the creator asked while setting it up.</p>;
  }
  return (
    <div data-testid="confirm-wallet-campaigns">
      <p>{campaigns.length === 1 ? 'The campaign that pays into this wallet:' : 'The campaigns that pay into this wallet:'}</p>
      <ul className="mt-1 list-disc pl-5">
        {campaigns.map((c) => (
          <li key={c.token_address}>
            <Link to={`/campaign/${c.token_address}`} className="font-semibold text-brand-400 hover:underline">{c.name}</Link> <span className="text-muted">(${c.ticker})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Ended({ text }: { text: string }) {
  return (
    <Card className="space-y-3 p-6 text-sm">
      <p>{text}</p>
      <Link to="/" className="font-semibold text-brand-400 hover:underline">Go to the home page</Link>
    </Card>
  );
}

function RequestCard({ request }: { request: DonationWalletChallenge }) {
  const { publicKey, signMessage } = useWallet();
  const dialog = useWalletDialog();
  const queryClient = useQueryClient();
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connected = publicKey?.toBase58() ?? null;

  if (request.status === 'used') {
    return (
      <Card className="flex items-start gap-3 p-6 text-sm" data-testid="confirm-wallet-confirmed">
        <BadgeCheck className="h-5 w-5 shrink-0 text-brand-500" aria-hidden />
        <p>Confirmed: every SOL transfer to <span className="font-mono">{shortAddress(request.donationWallet)}</span> counts as a donation to the campaigns of <span className="font-mono">{shortAddress(request.creatorWallet)}</span>.</p>
      </Card>
    );
  }
  if (request.status === 'expired') return <Ended text="This confirmation request has expired. Ask the campaign creator for a new link." />;

  const sign = async () => {
    if (!signMessage) { setError("This wallet doesn't support message signing."); return; }
    setSigning(true);
    setError(null);
    try {
      const signature = bs58.encode(await signMessage(new TextEncoder().encode(request.message)));
      await proveDonationWallet(request.nonce, signature);
      await queryClient.invalidateQueries({ queryKey: ['donation-wallet-challenge', request.nonce] });
    } catch (err) {
      setError(refusalMessage(err, 'The wallet did not sign, or the confirmation failed. Try again.'));
    } finally {
      setSigning(false);
    }
  };

  return (
    <Card className="space-y-4 p-6 text-sm">
      <p>
        The creator <span className="font-mono" title={request.creatorWallet}>{shortAddress(request.creatorWallet)}</span> asks the holder of the wallet{' '}
        <span className="font-mono break-all" data-testid="confirm-wallet-address">{request.donationWallet}</span> to confirm it.
      </p>
      <CampaignsNamed campaigns={request.campaigns ?? []} />
      <p className="text-muted">
        Once confirmed, every SOL transfer to this wallet counts as a donation to that creator's campaigns that name it, not only the transfers
        carrying a campaign's reference. Signing sends no transaction and costs no fee.
      </p>
      <pre className="overflow-x-auto rounded-lg border border-line bg-surface p-3 font-mono text-xs break-all whitespace-pre-wrap">{request.message}</pre>
      {!connected && (
        <Button onClick={() => dialog.setOpen(true)} data-testid="confirm-wallet-connect">Connect {shortAddress(request.donationWallet)}</Button>
      )}
      {connected && connected !== request.donationWallet && (
        <p role="alert" className="text-amber-600 dark:text-amber-400">
          The connected wallet is {shortAddress(connected)}. Switch your wallet to {shortAddress(request.donationWallet)} to sign.
        </p>
      )}
      {connected === request.donationWallet && (
        <Button onClick={() => void sign()} disabled={signing} data-testid="confirm-wallet-sign">{signing ? 'Waiting for the wallet...' : 'Sign and confirm'}</Button>
      )}
      {error && <p role="alert" className="text-red-500">{error}</p>}
    </Card>
  );
}
