import clsx from 'clsx';
import { holdersText } from '../../../../core/holders';
import { errorMessage } from '../../../api/client';
import { useTrust, type HolderLabel } from '../../../api/trust';
import { ExplorerAddress } from '../../../components/ExplorerAddress';
import { Spinner } from '../../../components/ui/Spinner';
import { percent, tokens } from './format';

const LABELS: Record<HolderLabel, string> = { pool: 'Pool', creator: 'Creator', distributor: 'Distributor', platform: 'Platform' };

/** The 50 largest holders, the platform's own wallets labelled (their tokens do not circulate). */
export function HoldersTab({ mint }: { mint: string }) {
  const trust = useTrust(mint);
  if (trust.isPending) return <Spinner label="Loading holders..." />;
  if (trust.isError) return <p className="text-sm text-muted" role="alert">{errorMessage(trust.error, 'Failed to load holders')}</p>;
  const holders = trust.data?.holders;
  if (!holders || holders.top.length === 0) return <p className="rounded-2xl border border-line bg-surface-2 p-10 text-center text-muted">Nobody holds this token yet.</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface-2" data-testid="holders-tab">
      <table className="w-full text-sm">
        <thead className="text-left text-muted">
          <tr>
            <th className="hidden px-4 py-3 font-medium sm:table-cell">#</th><th className="px-3 py-3 font-medium sm:px-4">Wallet</th>
            <th className="px-3 py-3 text-right font-medium sm:px-4">Tokens</th><th className="px-3 py-3 text-right font-medium sm:px-4">Share</th>
          </tr>
        </thead>
        <tbody>
          {holders.top.map((holder, i) => (
            <tr key={holder.wallet} className="border-t border-line" data-label={holder.label ?? 'holder'}>
              <td className="hidden px-4 py-2.5 text-muted sm:table-cell">{i + 1}</td>
              <td className="px-3 py-2.5 sm:px-4">
                <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                  <ExplorerAddress address={holder.wallet} />
                  {holder.label && (
                    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', holder.label === 'creator' ? 'bg-amber-500/15 text-amber-300' : 'bg-surface-3 text-muted')}>
                      {LABELS[holder.label]}
                    </span>
                  )}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums sm:px-4">{tokens(holder.tokens).replace(' tokens', '')}</td>
              <td className="px-3 py-2.5 text-right tabular-nums sm:px-4">{holder.label && holder.label !== 'creator' ? 'Not circulating' : percent(holder.percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-line px-4 py-3 text-xs text-muted">
        {holdersText(holders.holderCount)}, not counting the platform's wallets. Shares are of the tokens in circulation: the pool's unsold tokens and the platform's wallets are left out.
      </p>
    </div>
  );
}
