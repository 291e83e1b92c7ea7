import { BadgeCheck, Plus, Rocket } from 'lucide-react';
import type { AccountCampaign } from '../../api/account';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { MyCampaignItem } from './MyCampaignItem';

type Props = {
  campaigns: AccountCampaign[] | undefined;
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
  /** False until the wallet has signed in: the list is the session wallet's. */
  signedIn: boolean;
  /** Token addresses with a verification request awaiting review. */
  pendingVerification?: ReadonlySet<string>;
};

/** 'My Campaigns': the campaigns this wallet created, or the way to create the first. */
export function MyCampaigns({ campaigns, isLoading, error, retry, signedIn, pendingVerification }: Props) {
  return (
    <Card data-testid="account-my-campaigns">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">My Campaigns</h2>
        <div className="flex flex-wrap gap-2">
          {/* Spec 1: a 'Get Pre-Verified' link; it is about campaigns, so it sits with them. */}
          <ButtonLink to="/account/verify" variant="secondary" size="sm" data-testid="account-preverify">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Get Pre-Verified
          </ButtonLink>
          {campaigns && campaigns.length > 0 && (
            <ButtonLink to="/start-campaign" size="sm"><Plus className="h-4 w-4" aria-hidden /> Create New</ButtonLink>
          )}
        </div>
      </div>
      {!signedIn ? (
        <p className="mt-4 text-sm text-muted">Sign the message in your wallet to see your campaigns.</p>
      ) : isLoading ? (
        <Spinner label="Loading your campaigns..." />
      ) : error ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-400">
          Failed to load your campaigns. <button type="button" onClick={retry} className="font-semibold underline">Try again</button>
        </div>
      ) : campaigns && campaigns.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {campaigns.map((campaign) => <MyCampaignItem key={campaign.id} campaign={campaign} verificationPending={Boolean(campaign.token_address && pendingVerification?.has(campaign.token_address))} />)}
        </ul>
      ) : (
        <div data-testid="account-campaigns-empty" className="mt-4 flex flex-col items-center gap-4 rounded-xl border border-dashed border-line p-8 text-center">
          <Rocket className="h-10 w-10 text-brand-400" aria-hidden />
          <p className="text-muted">You haven't created any campaigns yet.</p>
          <ButtonLink to="/start-campaign">Create Your First Campaign</ButtonLink>
        </div>
      )}
    </Card>
  );
}
