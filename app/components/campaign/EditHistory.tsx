import { FIELD_LABELS } from '../../../core/schemas/campaignDetails';
import { formatDate, formatDateTime } from '../../../core/format';
import { useCampaignEdits, type CampaignEdit } from '../../api/campaign';
import { Spinner } from '../ui/Spinner';

type Change = CampaignEdit['changes'][number];

const shown = (change: Change, value: string | null) => {
  if (value === null) return 'none';
  return change.field === 'goal' ? `${value} SOL` : value;
};

/** The goal as launched, then each change: "100 SOL at launch, 150 SOL from Dec 1, 2026". */
export function goalHistory(edits: CampaignEdit[]): { sol: string; from: string | null }[] {
  const changes = [...edits].reverse().flatMap((edit) => edit.changes.filter((c) => c.field === 'goal').map((c) => ({ c, at: edit.created_at })));
  if (changes.length === 0) return [];
  return [{ sol: changes[0]!.c.before!, from: null }, ...changes.map(({ c, at }) => ({ sol: c.after!, from: at }))];
}

/**
 * What the creator changed after launch, newest first: every field with what it was and what
 * it became (the earlier story in full, behind a disclosure), so an edit can never quietly
 * rewrite what donors backed.
 */
export function EditHistory({ tokenAddress, description, edited }: { tokenAddress: string; description: string; edited: boolean }) {
  const edits = useCampaignEdits(tokenAddress, edited);
  if (!edited) return null;
  if (edits.isPending) return <Spinner label="Loading the edit history..." />;
  if (edits.isError) return <p className="text-sm text-muted" role="alert">Failed to load the edit history.</p>;
  if (edits.data.edits.length === 0) return null;
  const goals = goalHistory(edits.data.edits);
  return (
    <section data-testid="edit-history">
      <h2 className="text-lg font-bold">Edits after launch</h2>
      {goals.length > 0 && (
        <p className="mt-2 text-sm" data-testid="goal-history">
          <span className="font-semibold">Goal: </span>
          {goals.map((g, i) => (
            <span key={i}>{i > 0 && ', then '}{g.sol} SOL {g.from ? `from ${formatDate(g.from)}` : 'at launch'}</span>
          ))}
        </p>
      )}
      <ol className="mt-3 flex flex-col gap-3">
        {edits.data.edits.map((edit) => (
          <li key={edit.id} className="rounded-xl border border-line bg-surface p-3 text-sm">
            <p className="text-xs text-muted">Edited by the creator on <time dateTime={edit.created_at}>{formatDateTime(edit.created_at)}</time></p>
            <ul className="mt-1 flex flex-col gap-1">
              {edit.changes.map((change) => <ChangeLine key={change.field} change={change} description={description} />)}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

// A story never written before was the short description.
function ChangeLine({ change, description }: { change: Change; description: string }) {
  const label = FIELD_LABELS[change.field];
  if (change.field === 'story') {
    return (
      <li>
        <details>
          <summary className="cursor-pointer">Story rewritten <span className="text-muted">(show the earlier story)</span></summary>
          <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-surface-2 p-2 text-muted">{change.before ?? description}</p>
        </details>
      </li>
    );
  }
  return (
    <li className="break-words">
      <span className="font-medium">{label}</span>: {shown(change, change.before)} <span aria-label="changed to">→</span> {shown(change, change.after)}
    </li>
  );
}
