import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { TOKEN_DECIMALS } from '../../../core/constants';
import { formatBpsPercent, formatUnitsGrouped } from '../../../core/format';
import { formatSol, parseSol, parseTokenAmount } from '../../../core/money';
import type { QuotePreviewResponse } from '../../../core/schemas/trade';
import { claimShareLamports, type TradeTax } from '../../../core/tradeTax';
import type { TradeSide } from '../../api/curve';

type Props = {
  side: TradeSide;
  ticker: string;
  /** The pool's fee and the part of it the quote names (campaign or official token), its share filled in. */
  tax: Required<TradeTax>;
  quote: QuotePreviewResponse | undefined;
  /** The quote is for an older amount (a newer one is on its way). */
  stale: boolean;
  loading: boolean;
  error: string | null;
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-muted">{label}</span>
      <span className="text-right font-medium" data-testid={testId}>{children}</span>
    </div>
  );
}

/** What the trader will actually hold (buy) or receive in SOL (sell), and what the pool's fee gives the cause. */
export function QuotePreview({ side, ticker, tax, quote, stale, loading, error }: Props) {
  if (error) return <p className="text-sm text-red-400" role="alert" data-testid="trade-quote-error">{error}</p>;
  if (!quote) {
    return loading
      ? <p className="flex items-center gap-2 text-sm text-muted"><Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Getting a quote...</p>
      : null;
  }
  const output = side === 'buy'
    ? `${formatUnitsGrouped(parseTokenAmount(quote.expectedOutput), TOKEN_DECIMALS, 2)} ${ticker}`
    : `${formatUnitsGrouped(parseSol(quote.expectedOutput), 9, 6)} SOL`;
  return (
    <div className="space-y-1.5 rounded-lg border border-line bg-surface p-3 text-sm" data-testid="trade-quote" aria-busy={stale || loading}>
      <Row label={side === 'buy' ? 'You will hold' : 'You will receive'} testId="trade-quote-output">
        <span data-output={quote.expectedOutput} className={stale ? 'opacity-60' : undefined}>{output}</span>
      </Row>
      {/* Both are absent only from a server still quoting the retired custodial curve, whose tax this page no longer tells. */}
      {quote.poolFee !== undefined && quote.claimableFee !== undefined && (
        <>
          {/* The fee is taken in SOL and claimed as it is: the cause's part is exact, not an estimate at a later price. */}
          <Row label={`Pool fee ${formatBpsPercent(tax.bps)}`} testId="trade-quote-fee">{formatSol(parseSol(quote.poolFee), 6, { trim: true })} SOL</Row>
          <Row label={tax.shareLabel} testId="trade-quote-cause">
            {formatSol(claimShareLamports(parseSol(quote.claimableFee), tax.claimSharePercent), 6, { trim: true })} SOL
          </Row>
        </>
      )}
      <Row label="Price impact" testId="trade-quote-impact">{quote.priceImpactPercent.toFixed(2)}%</Row>
      {quote.completesCurve && (
        <>
          {/* The curve sells only what it has left: the buy takes just the SOL that costs. */}
          <Row label="SOL used" testId="trade-quote-sol-used">{formatUnitsGrouped(parseSol(quote.amountIn), 9, 6)} SOL</Row>
          <p className="pt-1 text-xs text-brand-400" data-testid="trade-quote-completes">This buy completes the bonding curve.</p>
        </>
      )}
    </div>
  );
}
