import { Info } from 'lucide-react';
import { CONTENT_MESSAGES } from '../../../core/schemas/campaignContent';

/** Spec 1 'Manage page': shown to the creator of a campaign not created through the platform, instead of the controls. */
export function NotPlatformNote() {
  return (
    <p className="mt-2 flex items-start gap-2 rounded-xl border border-line bg-surface p-3 text-sm text-muted" role="note" data-testid="not-platform-note">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{CONTENT_MESSAGES.notPlatformCampaign}</span>
    </p>
  );
}
