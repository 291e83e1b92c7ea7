import { shortAddress } from '../../../../core/format';
import { useCommentMutes } from '../../../api/adminComments';
import { Button } from '../../../components/ui/Button';
import { useCommentModeration } from './useCommentModeration';

/** The wallets muted now, each with when its mute ends and an Unmute button. */
export function MutesPanel() {
  const mutes = useCommentMutes();
  const actions = useCommentModeration();
  const rows = mutes.data?.mutes ?? [];
  return (
    <section className="rounded-2xl border border-line bg-surface-2 p-4" aria-label="Muted wallets">
      <h2 className="font-semibold">Muted wallets ({rows.length})</h2>
      {rows.length === 0 ? <p className="mt-1 text-sm text-muted">No wallet is muted.</p> : (
        <ul className="mt-2 divide-y divide-line text-sm">
          {rows.map((m) => (
            <li key={m.wallet} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="muted-wallet">
              <span className="font-mono" title={m.wallet}>{shortAddress(m.wallet)}</span>
              <span className="text-muted">{m.muted_until ? `until ${new Date(m.muted_until).toLocaleString()}` : 'permanently'} · by {m.muted_by}</span>
              <Button size="sm" variant="secondary" disabled={actions.busy} onClick={() => void actions.unmute(m.wallet)}>Unmute</Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
