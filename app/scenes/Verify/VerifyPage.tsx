import { useWallet } from '@solana/wallet-adapter-react';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useCampaign } from '../../api/campaign';
import { useWalletPresence } from '../../auth/useWalletPresence';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { VerificationForm } from './VerificationForm';

// Spec 2 section 9: the access check waits 2 s (a remembered wallet may still be connecting).
const ACCESS_CHECK_MS = 2000;

function useAccessWait(): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ACCESS_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);
  return waited;
}

/** /account/verify (pre-verification) and /account/verify/{tokenAddress}: the verification application. */
export function VerifyPage() {
  const { tokenAddress } = useParams();
  const { publicKey } = useWallet();
  const presence = useWalletPresence();
  const waited = useAccessWait();
  const navigate = useNavigate();
  const absent = waited && presence === 'absent';

  useEffect(() => {
    if (!absent) return;
    toast.error('Authentication Required', { description: 'Please connect your wallet to apply for verification' });
    navigate('/account', { replace: true });
  }, [absent, navigate]);

  if (!publicKey) return <Spinner label="Connecting wallet..." />;
  const wallet = publicKey.toBase58();
  return tokenAddress
    ? <CampaignApplication tokenAddress={tokenAddress} wallet={wallet} waited={waited} />
    : <Layout title="Get Pre-Verified" intro="Apply before you launch: once approved, your campaign gets the verified badge when it goes live."><VerificationForm wallet={wallet} campaign={null} /></Layout>;
}

function CampaignApplication({ tokenAddress, wallet, waited }: { tokenAddress: string; wallet: string; waited: boolean }) {
  const campaign = useCampaign(tokenAddress);
  const navigate = useNavigate();
  const data = campaign.data;
  const notCreator = Boolean(data && data.creator_wallet !== wallet);

  useEffect(() => {
    if (data !== null) return;
    toast.error('Campaign Not Found', { description: "The campaign you're trying to verify doesn't exist" });
    navigate('/account', { replace: true });
  }, [data, navigate]);
  useEffect(() => {
    if (campaign.isError) toast.error('Error', { description: 'Failed to load campaign data' });
  }, [campaign.isError]);
  useEffect(() => {
    if (!waited || !notCreator) return;
    toast.error('Unauthorized', { description: 'You can only apply for verification for your own campaigns' });
    navigate('/account', { replace: true });
  }, [waited, notCreator, navigate]);

  if (campaign.isError) {
    return <Layout title="Get Verified"><p role="alert" className="text-red-400">Failed to load campaign data. <button type="button" className="font-semibold underline" onClick={() => void campaign.refetch()}>Try again</button></p></Layout>;
  }
  if (!data || notCreator) return <Spinner label="Checking access..." />;
  const name = data.title || data.name;
  if (data.verified) {
    return (
      <Layout title="Get Verified">
        <Card className="flex flex-col items-start gap-3" data-testid="verification-already">
          <BadgeCheck className="h-8 w-8 text-brand-400" aria-hidden />
          <p><strong>{name}</strong> is already verified. The badge shows on its card and page.</p>
          <ButtonLink to={`/campaign/${tokenAddress}`} variant="secondary">Back to Campaign</ButtonLink>
        </Card>
      </Layout>
    );
  }
  return (
    <Layout title={`Get ${name} Verified`} intro="Verification is free, reviewed within 24-48 hours, and the badge lasts for the campaign's lifetime.">
      <VerificationForm wallet={wallet} campaign={{ tokenAddress, ticker: data.ticker, name }} />
    </Layout>
  );
}

function Layout({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="verify-page">
      <Link to="/account" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-400 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Account
      </Link>
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight break-words">{title}</h1>
        {intro && <p className="mt-2 text-muted">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
