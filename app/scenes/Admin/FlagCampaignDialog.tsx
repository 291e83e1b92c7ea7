import { useState } from 'react';
import { FLAG_REASON_MAX, FLAG_REASON_MESSAGES, FLAG_REASON_MIN } from '../../../core/schemas/moderation';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Label, Textarea } from '../../components/ui/Field';

type Props = {
  /** The campaign's ticker, or null when the dialog is closed. */
  ticker: string | null;
  /** Flag (true, with a reason) or unflag (false). */
  flagging: boolean;
  busy: boolean;
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
};

/**
 * A flag hides a campaign from every public list and tells its followers: the admin confirms
 * it and says why (kept in the audit log). An unflag is confirmed too, and needs no reason.
 */
export function FlagCampaignDialog({ ticker, flagging, busy, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => { setReason(''); setError(null); onCancel(); };
  const confirm = () => {
    if (flagging && reason.trim().length < FLAG_REASON_MIN) { setError(FLAG_REASON_MESSAGES.required); return; }
    onConfirm(flagging ? reason.trim() : undefined);
    setReason('');
    setError(null);
  };
  return (
    <Dialog
      open={ticker !== null}
      onOpenChange={(open) => { if (!open) close(); }}
      title={flagging ? `Flag $${ticker}?` : `Unflag $${ticker}?`}
      description={flagging
        ? 'A flagged campaign leaves every public list, its page shows a warning, and its followers are told.'
        : 'The campaign returns to the public lists and its page no longer shows the warning.'}
    >
      <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); confirm(); }} data-testid="flag-dialog">
        {flagging && (
          <div>
            <Label htmlFor="flag-reason">Reason (kept in the audit log)</Label>
            <Textarea id="flag-reason" value={reason} maxLength={FLAG_REASON_MAX} onChange={(e) => { setReason(e.target.value); setError(null); }}
              aria-invalid={error ? true : undefined} aria-describedby="flag-reason-help" placeholder="What did you find? e.g. the charity says it never heard of this campaign" />
            <p id="flag-reason-help" className={`mt-1 text-xs ${error ? 'text-red-400' : 'text-muted'}`}>{error ?? `${reason.trim().length}/${FLAG_REASON_MAX}, at least ${FLAG_REASON_MIN}`}</p>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>Cancel</Button>
          <Button type="submit" variant={flagging ? 'danger' : 'primary'} disabled={busy}>{flagging ? 'Flag campaign' : 'Unflag campaign'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
