import { useEffect, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useCampaign } from '../../api/campaign';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { Card } from '../../components/ui/Card';
import { UpdatesTab } from '../Campaign/UpdatesTab';
import { creatorAccess } from '../Campaign/creatorAccess';
import { NotPlatformNote } from '../Campaign/NotPlatformNote';
import { ManagePhotos } from './ManagePhotos';
import { ManageDetails } from './ManageDetails';
import { ManageDonationWallet } from './ManageDonationWallet';
import { ManageVideo } from './ManageVideo';

// Spec 1 section 9: the access check waits 2 s (a wallet may still be signing in) before turning a visitor away.
const ACCESS_CHECK_MS = 2000;

/** /campaign/{tokenAddress}/manage: the creator's story, goal and links, photos, video and updates. Others are sent back. */
export function ManageCampaignPage() {
  const { tokenAddress = '' } = useParams();
  const campaign = useCampaign(tokenAddress);
  const { wallet, status } = useAuth();
  const navigate = useNavigate();
  const [waited, setWaited] = useState(false);
  const access = campaign.data ? creatorAccess(wallet, campaign.data) : 'visitor';
  const isCreator = access !== 'visitor';

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ACCESS_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!waited || !campaign.data || isCreator || status === 'authenticating') return;
    toast.error('Access Denied', { description: "You don't have permission to manage this campaign" });
    navigate(`/campaign/${tokenAddress}`, { replace: true });
  }, [waited, campaign.data, isCreator, status, navigate, tokenAddress]);
  useEffect(() => {
    if (campaign.isError) toast.error('Error', { description: 'Failed to load campaign data' });
  }, [campaign.isError]);

  if (campaign.data === null) return <Navigate to="/explore" replace />;
  if (campaign.isError && !campaign.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center" role="alert" data-testid="manage-load-failed">
        <p className="text-muted">Failed to load campaign data</p>
        <Button variant="secondary" onClick={() => void campaign.refetch()}>Retry</Button>
      </div>
    );
  }
  if (!campaign.data || !isCreator) return <Spinner label="Checking access..." />;
  const title = campaign.data.title || campaign.data.name;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6" data-testid="manage-page">
      <Link to={`/campaign/${tokenAddress}`} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-400 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaign
      </Link>
      <h1 className="text-2xl font-extrabold sm:text-3xl">Manage {title}</h1>
      {access === 'manager'
        ? <><ManageDetails campaign={campaign.data} /><ManagePhotos campaign={campaign.data} /><ManageVideo campaign={campaign.data} /></>
        : (
          // Spec 1: not created through the platform, so the sections say why instead of offering controls the server refuses.
          <>
            <Card data-testid="manage-details"><h2 className="text-lg font-bold">Story, Goal and Links</h2><NotPlatformNote /></Card>
            <Card data-testid="manage-photos"><h2 className="text-lg font-bold">Campaign Photos</h2><NotPlatformNote /></Card>
            <Card data-testid="manage-video"><h2 className="text-lg font-bold">Campaign Video</h2><NotPlatformNote /></Card>
          </>
        )}
      {campaign.data.donation_wallet && <ManageDonationWallet wallet={campaign.data.donation_wallet} />}
      <UpdatesTab mint={tokenAddress} access={access} title="Campaign Updates" />
    </div>
  );
}
