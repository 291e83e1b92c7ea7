import { useState } from 'react';
import { Database, Loader2, Plus, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { fetchTestCampaigns, useCreateTestCampaign, type CampaignSummary } from '../../api/campaigns';
import { errorMessage } from '../../api/client';
import { useDbStatus } from '../../api/dbStatus';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { CampaignList } from './CampaignList';
import { ConnectionStatus } from './ConnectionStatus';

/**
 * Developer page: checks the database connection and creates test campaigns (local mode
 * only, for a signed-in wallet or an admin). Test campaigns appear here, never in public lists.
 */
export function TestSupabasePage() {
  const status = useDbStatus();
  const { isAuthenticated } = useAuth();
  const createCampaign = useCreateTestCampaign();
  const [campaigns, setCampaigns] = useState<CampaignSummary[] | null>(null);
  const [fetching, setFetching] = useState(false);
  const connected = status.data?.connected === true;
  const busy = fetching || createCampaign.isPending;

  const load = async () => {
    setFetching(true);
    try {
      setCampaigns((await fetchTestCampaigns()).campaigns);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to fetch campaigns'));
    } finally {
      setFetching(false);
    }
  };

  const create = async () => {
    try {
      const campaign = await createCampaign.mutateAsync();
      toast.success('Test campaign created', { description: `${campaign.name} (${campaign.ticker})` });
      await load();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to create campaign'));
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="flex items-center gap-3 text-3xl font-extrabold"><Database className="h-8 w-8 text-brand-600 dark:text-brand-400" aria-hidden /> Database Connection Test</h1>
      <Card className="mt-8 space-y-4">
        <ConnectionStatus isPending={status.isPending} error={status.error} data={status.data} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={load} disabled={!connected || busy}>
            {fetching ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <RefreshCw className="h-4 w-4" aria-hidden />} Fetch Campaigns
          </Button>
          <Button variant="secondary" onClick={create} disabled={!connected || busy}>
            {createCampaign.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />} Create Test Campaign
          </Button>
        </div>
        {!isAuthenticated && (
          <p className="text-sm text-muted">Test campaigns are listed and created for a signed-in wallet (connect one above) or an admin session. They never appear in public lists.</p>
        )}
      </Card>
      {campaigns !== null && <CampaignList campaigns={campaigns} />}
    </div>
  );
}
