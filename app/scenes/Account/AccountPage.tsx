import { useWallet } from '@solana/wallet-adapter-react';
import { BadgeCheck, LogOut } from 'lucide-react';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccountCampaigns } from '../../api/account';
import { useMyVerificationRequests } from '../../api/verification';
import { useAuth } from '../../auth/useAuth';
import { useWalletPresence } from '../../auth/useWalletPresence';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { AccountActivity } from './AccountActivity';
import { CampaignStatsCard } from './CampaignStatsCard';
import { EmailNotifications } from './EmailNotifications';
import { campaignStats } from './campaignStats';
import { MyCampaigns } from './MyCampaigns';
import { ProfileCard } from './ProfileCard';
import { VerificationRequests } from './VerificationRequests';
import { WalletCard } from './WalletCard';

/** My Account (/account): needs a connected wallet, otherwise it redirects to /. */
export function AccountPage() {
  const presence = useWalletPresence();
  const { publicKey } = useWallet();
  if (presence === 'absent') return <Navigate to="/" replace />;
  if (presence === 'pending' || !publicKey) return <Spinner label="Connecting wallet..." />;
  return <Account address={publicKey.toBase58()} />;
}

function Account({ address }: { address: string }) {
  const auth = useAuth();
  const signedIn = auth.isAuthenticated && auth.wallet === address;
  const campaigns = useAccountCampaigns(signedIn ? address : null);
  const stats = useMemo(() => (campaigns.data ? campaignStats(campaigns.data) : undefined), [campaigns.data]);
  const verification = useMyVerificationRequests(signedIn ? address : null);
  const pendingMints = useMemo(() => new Set((verification.data ?? []).flatMap((r) => (r.status === 'pending' && r.token_address ? [r.token_address] : []))), [verification.data]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">My Account</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/account/verify" variant="secondary" data-testid="account-preverify">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Get Pre-Verified
          </ButtonLink>
          <Button variant="danger" onClick={() => void auth.signOut()} data-testid="account-disconnect">
            <LogOut className="h-4 w-4" aria-hidden /> Disconnect Wallet
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileCard address={address} />
        <WalletCard address={address} />
      </div>
      {signedIn && <EmailNotifications />}
      <CampaignStatsCard stats={stats} />
      <MyCampaigns
        campaigns={campaigns.data}
        isLoading={campaigns.isLoading}
        error={campaigns.error}
        retry={() => void campaigns.refetch()}
        signedIn={signedIn}
        pendingVerification={pendingMints}
      />
      {signedIn && (
        <VerificationRequests requests={verification.data} isLoading={verification.isLoading} error={verification.error} retry={() => void verification.refetch()} />
      )}
      {signedIn && <AccountActivity wallet={address} />}
    </div>
  );
}
