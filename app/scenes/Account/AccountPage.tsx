import { useWallet } from '@solana/wallet-adapter-react';
import { LogOut } from 'lucide-react';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccountActivity, useAccountCampaigns } from '../../api/account';
import { useMyVerificationRequests } from '../../api/verification';
import { useAuth } from '../../auth/useAuth';
import { useWalletPresence } from '../../auth/useWalletPresence';
import { Button } from '../../components/ui/Button';
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
  const activity = useAccountActivity(signedIn ? address : null);
  // A donor's page opens on their donations (receipts, the yearly CSV), not on a creator's empty stats.
  const lead = (activity.donations.data?.donations.length ?? 0) > 0;
  // A creator's campaigns come before the profile; a wallet that has neither sees the profile first.
  const creator = (campaigns.data?.length ?? 0) > 0;
  // The order is not known until both answer: no page that jumps under the reader.
  const waiting = signedIn && (activity.donations.isPending || campaigns.isPending);

  const profile = (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileCard address={address} />
        <WalletCard address={address} />
      </div>
      {signedIn && <EmailNotifications />}
    </>
  );
  const creating = (
    <>
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
    </>
  );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">My Account</h1>
        <Button variant="danger" size="sm" onClick={() => void auth.signOut()} data-testid="account-disconnect">
          <LogOut className="h-4 w-4" aria-hidden /> Disconnect Wallet
        </Button>
      </div>
      {waiting ? <Spinner label="Loading your account..." /> : (
        <>
          {lead && <AccountActivity activity={activity} lead />}
          {creator && creating}
          {profile}
          {!creator && creating}
          {signedIn && !lead && <AccountActivity activity={activity} lead={false} />}
        </>
      )}
    </div>
  );
}
