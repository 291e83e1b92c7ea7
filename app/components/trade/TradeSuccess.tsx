import { ExternalLink } from 'lucide-react';
import { TOKEN_DECIMALS } from '../../../core/constants';
import { formatUnitsGrouped } from '../../../core/format';
import { parseSol, parseTokenAmount } from '../../../core/money';
import type { TradeResult } from './useTrade';

/** The success toast's title: what the trader now holds (buy) or received (sell). */
export function tradeSuccessTitle(result: TradeResult, ticker: string): string {
  return result.side === 'buy'
    ? `Bought ${formatUnitsGrouped(parseTokenAmount(result.output), TOKEN_DECIMALS, 2)} ${ticker}`
    : `Sold for ${formatUnitsGrouped(parseSol(result.output), 9, 6)} SOL`;
}

/** The success toast's description: the transaction on the explorer. */
export function TradeExplorerLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline" data-testid="trade-success-link">
      View transaction <ExternalLink className="h-3 w-3" aria-hidden />
    </a>
  );
}
