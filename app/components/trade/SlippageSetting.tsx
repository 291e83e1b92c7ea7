import clsx from 'clsx';
import { formatBpsPercent } from '../../../core/format';

// Spec 1 section 9: 500 bps by default. The tolerance applies when an expired quote is rebuilt.
const CHOICES = [50, 100, 300, 500, 1000] as const;

export function SlippageSetting({ value, onChange, disabled }: { value: number; onChange: (bps: number) => void; disabled?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs" data-testid="trade-slippage">
      <span className="text-muted">Slippage tolerance <span className="font-semibold text-fg" data-testid="trade-slippage-value">{formatBpsPercent(value)}</span></span>
      <div className="flex gap-1" role="radiogroup" aria-label="Slippage tolerance">
        {CHOICES.map((bps) => (
          <button
            key={bps}
            type="button"
            role="radio"
            aria-checked={value === bps}
            disabled={disabled}
            data-testid={`trade-slippage-${bps}`}
            onClick={() => onChange(bps)}
            className={clsx(
              'rounded-md border px-2 py-1 font-medium transition-colors disabled:opacity-50',
              value === bps ? 'border-brand-500 bg-brand-500/15 text-brand-400' : 'border-line text-muted hover:text-fg',
            )}
          >
            {formatBpsPercent(bps)}
          </button>
        ))}
      </div>
    </div>
  );
}
