import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import type { CampaignSummary } from '../../api/campaigns';
import { Spinner } from '../../components/ui/Spinner';

/** A token address is base58 of 32-44 characters; a numeric id or a launch request id (a UUID) is an old link. */
export function isLegacyId(param: string): boolean {
  return /^\d{1,9}$/.test(param) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(param);
}

/** Spec 1 'Legacy route': look the campaign up by request id (or campaign id), then go to its page, or to /explore. */
export function LegacyLookup({ id }: { id: string }) {
  const lookup = useQuery({
    queryKey: ['campaigns', 'by-request', id],
    queryFn: async () => {
      try {
        return await api.get<CampaignSummary>(`/api/campaigns/by-request/${encodeURIComponent(id)}`);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
    retry: 1,
  });
  if (lookup.isPending) return <Spinner label="Finding the campaign..." />;
  const token = lookup.data?.token_address;
  return <Navigate to={token ? `/campaign/${token}` : '/explore'} replace />;
}

/** /c/{campaignId} */
export function LegacyCampaignRedirect() {
  const { legacyId = '' } = useParams();
  return <LegacyLookup id={legacyId} />;
}
