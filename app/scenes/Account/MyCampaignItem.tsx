import { BadgeCheck, ImageOff } from 'lucide-react';
import { shortAddress } from '../../../core/format';
import type { AccountCampaign } from '../../api/account';
import { ButtonLink } from '../../components/ui/Button';
import { formatRaisedOfGoal } from './campaignStats';
import { CopyButton } from '../../components/CopyButton';

/** One of the creator's campaigns: image, title, ticker, verified badge, contract address, raised of goal, actions. */
export function MyCampaignItem({ campaign, verificationPending = false }: { campaign: AccountCampaign; verificationPending?: boolean }) {
  const mint = campaign.token_address;
  const title = campaign.title || campaign.name;
  return (
    <li data-testid="account-campaign" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
      {campaign.image_url ? (
        <img src={campaign.image_url} alt={`${title} logo`} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
      ) : (
        <div role="img" aria-label={`${title} has no image`} className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-surface-3">
          <ImageOff className="h-6 w-6 text-muted" aria-hidden />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-bold">{title}</h3>
          <span className="rounded bg-surface-3 px-1.5 py-0.5 text-xs font-semibold text-muted">${campaign.ticker}</span>
          {campaign.is_test && (
            <span data-testid="account-campaign-test" className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-semibold text-muted">Test campaign</span>
          )}
          {campaign.verified && (
            <span data-testid="account-campaign-verified" className="inline-flex items-center gap-1 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-semibold text-brand-400">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden /> Verified
            </span>
          )}
        </div>
        {mint && (
          <div className="mt-1 flex items-center gap-1 text-xs text-muted">
            <span>CA:</span>
            <code className="font-mono" title={mint}>{shortAddress(mint)}</code>
            <CopyButton text={mint} label={`Copy ${campaign.ticker} contract address`} toastTitle="Copied!" />
          </div>
        )}
        {mint ? (
          <p className="mt-1 text-sm"><span className="font-semibold text-brand-400">{formatRaisedOfGoal(campaign)}</span> <span className="text-muted">raised</span></p>
        ) : (
          // No token: nothing to trade or donate to, and no public page to open.
          <p className="mt-1 text-sm text-muted" data-testid="account-campaign-no-page">{campaign.is_test ? 'No token and no public page: a test row made on the connection-test page.' : 'No token yet, so no public page.'}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {mint && !campaign.verified && !verificationPending && <ButtonLink to={`/account/verify/${mint}`} size="sm" variant="secondary">Get Verified</ButtonLink>}
        {mint && !campaign.verified && verificationPending && (
          <span data-testid="account-campaign-verification-pending" className="inline-flex h-8 items-center rounded-lg border border-line px-3 text-sm text-muted">Verification pending</span>
        )}
        {mint && <ButtonLink to={`/campaign/${mint}`} size="sm" variant="secondary">View</ButtonLink>}
        {mint && <ButtonLink to={`/campaign/${mint}/manage`} size="sm">Manage</ButtonLink>}
        {campaign.is_test && <ButtonLink to="/test-supabase" size="sm" variant="secondary">Test campaigns</ButtonLink>}
      </div>
    </li>
  );
}
