import { groupForInput, sanitizeAmountInput } from '../../../core/format';
import { TOKEN_DECIMALS } from '../../../core/constants';
import type { TradeSide } from '../../api/curve';

const BUY_PICKS = ['0.1', '0.5', '1'] as const;
const SELL_PERCENTS = [25, 50, 100] as const;

type Props = {
  side: TradeSide;
  ticker: string;
  value: string;
  onChange: (text: string) => void;
  /** A sell pick: that share of the balance, exactly (the field shows it rounded down). */
  onPickUnits: (units: bigint) => void;
  tokenUnits: bigint | undefined;
  disabled?: boolean;
};

/** The amount to trade: SOL for a buy, tokens for a sell, with quick picks. */
export function AmountField({ side, ticker, value, onChange, onPickUnits, tokenUnits, disabled }: Props) {
  const unit = side === 'buy' ? 'SOL' : ticker;
  const pick = 'rounded-md border border-line px-2 py-1 text-xs font-medium text-muted hover:text-fg disabled:opacity-50';
  return (
    <div>
      <label htmlFor="trade-amount" className="mb-1 block text-sm font-medium">Amount ({unit})</label>
      <div className="flex items-center rounded-lg border border-line bg-surface focus-within:outline-2 focus-within:outline-brand-400">
        <input
          id="trade-amount"
          data-testid="trade-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={groupForInput(value)}
          disabled={disabled}
          onChange={(e) => onChange(sanitizeAmountInput(e.target.value, TOKEN_DECIMALS))}
          className="h-12 min-w-0 flex-1 bg-transparent px-3 text-lg outline-none focus-visible:outline-none"
        />
        <span className="px-3 text-sm font-semibold text-muted">{unit}</span>
      </div>
      <div className="mt-2 flex gap-1">
        {side === 'buy'
          ? BUY_PICKS.map((sol) => (
            <button key={sol} type="button" className={pick} disabled={disabled} onClick={() => onChange(sol)} data-testid={`trade-pick-${sol}`}>
              {sol} SOL
            </button>
          ))
          : SELL_PERCENTS.map((pct) => (
            <button
              key={pct}
              type="button"
              className={pick}
              disabled={disabled || !tokenUnits}
              onClick={() => tokenUnits && onPickUnits((tokenUnits * BigInt(pct)) / 100n)}
              data-testid={`trade-pick-${pct}`}
            >
              {pct === 100 ? 'Max' : `${pct}%`}
            </button>
          ))}
      </div>
    </div>
  );
}
