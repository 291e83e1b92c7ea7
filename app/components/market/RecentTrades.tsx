import { useState } from 'react';
import clsx from 'clsx';
import type { TradeTrader } from '../../../core/schemas/trade';
import { ExternalLink } from 'lucide-react';
import { formatTokenCompact, relativeTime, shortAddress } from '../../../core/format';
import { SubscriptPrice } from './SubscriptPrice';
import { formatSol, parseSol, parseTokenAmount } from '../../../core/money';
import { errorMessage } from '../../api/client';
import { useTrades } from '../../api/market';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { useNow } from '../../lib/useNow';
import { useExplorer } from '../../solana/useExplorer';

const TRADES_PAGE = 10;

// The chart's creator markers are amber: the same colour names the creator here.
const TRADERS: Record<TradeTrader, { label: string; title: string; className: string }> = {
  creator: { label: 'Creator', title: "The campaign creator's own trade (the launch buy included)", className: 'bg-amber-500/15 text-amber-600 dark:text-amber-400' },
  cause: { label: 'Cause', title: "The cause's own donation wallet traded", className: 'bg-sky-500/15 text-sky-600 dark:text-sky-400' },
};

/** Who traded, where it matters to a donor: the creator, or the cause's own wallet. */
function TraderBadge({ trader }: { trader: TradeTrader }) {
  const { label, title, className } = TRADERS[trader];
  return <span className={clsx('ml-1.5 rounded px-1.5 py-0.5 text-[11px] font-bold', className)} title={title} data-testid="trade-row-trader">{label}</span>;
}

/** The newest trades of the token, each linking to its transaction on the explorer (wallet and price from 640 px up). */
export function RecentTrades({ mint, ticker }: { mint: string; ticker: string }) {
  const trades = useTrades(mint);
  const explorer = useExplorer();
  const now = new Date(useNow(30_000));
  // A page at a time: fifty rows pushed everything below them 3,000 px down on a phone.
  const [shown, setShown] = useState(TRADES_PAGE);
  const all = trades.data?.trades;
  const rows = all?.slice(0, shown);

  return (
    <section className="rounded-2xl border border-line bg-surface-2 p-4" aria-label="Recent trades" data-testid="trade-list">
      <h2 className="mb-3 text-lg font-bold">Recent Trades</h2>
      {trades.isLoading && <Spinner label="Loading trades..." />}
      {trades.error && !rows && (
        <div className="flex flex-col items-center gap-3 py-8" role="alert" data-testid="trade-list-error">
          <p className="text-muted">{errorMessage(trades.error, 'Failed to load trades')}</p>
          <Button variant="secondary" size="sm" onClick={() => void trades.refetch()}>Retry</Button>
        </div>
      )}
      {rows?.length === 0 && <p className="py-8 text-center text-muted" data-testid="trade-list-empty">No trades yet</p>}
      {rows && rows.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted">
              <tr>
                <th className="py-2 pr-3 font-medium">Type</th>
                <th className="hidden py-2 pr-3 font-medium sm:table-cell">Wallet</th>
                <th className="py-2 pr-3 text-right font-medium">SOL</th>
                <th className="py-2 pr-3 text-right font-medium">{ticker}</th>
                <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">Price (SOL)</th>
                <th className="py-2 pr-3 text-right font-medium">Time</th>
                <th className="py-2 font-medium"><span className="sr-only">Transaction</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.signature} className="border-t border-line" data-testid="trade-row" data-signature={t.signature} data-side={t.side}>
                  {/* No 'fee sale' row: a pool's fee is claimed in SOL, never sold, so every sell here is a holder's. */}
                  <td className={clsx('py-2 pr-3 font-semibold', t.side === 'buy' ? 'text-emerald-500 dark:text-emerald-400' : 'text-red-500 dark:text-red-400')}>
                    {t.side === 'buy' ? 'Buy' : 'Sell'}
                    {t.trader && <TraderBadge trader={t.trader} />}
                  </td>
                  <td className="hidden py-2 pr-3 font-mono text-xs sm:table-cell">{shortAddress(t.wallet)}</td>
                  <td className="py-2 pr-3 text-right">{formatSol(parseSol(t.sol), 4)}</td>
                  <td className="py-2 pr-3 text-right">{formatTokenCompact(parseTokenAmount(t.side === 'buy' ? t.tokensReceived : t.tokens))}</td>
                  <td className="hidden py-2 pr-3 text-right sm:table-cell" data-testid="trade-row-price"><SubscriptPrice value={Number(t.price)} /></td>
                  <td className="py-2 pr-3 text-right text-muted">{relativeTime(t.time, now)}</td>
                  <td className="py-2 text-right">
                    {explorer && (
                      <a href={explorer.tx(t.signature)} target="_blank" rel="noopener noreferrer" aria-label="View transaction" className="text-brand-400 hover:text-brand-500" data-testid="trade-row-link">
                        <ExternalLink className="h-4 w-4" aria-hidden />
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {all && all.length > shown && (
            <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => setShown((n) => n + TRADES_PAGE * 2)} data-testid="trade-list-more">
              Show more trades
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
