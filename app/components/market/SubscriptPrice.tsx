import { formatPlainPrice, formatSubscriptPrice } from '../../../core/format';

/**
 * A tiny price in the traders' short form ('0.0₈72'), with its full form as the tooltip and
 * for screen readers: the small number says how many zeros follow the decimal point.
 */
export function SubscriptPrice({ value, unit }: { value: number; unit?: string }) {
  const short = formatSubscriptPrice(value);
  const plain = formatPlainPrice(value);
  const suffix = unit ? ` ${unit}` : '';
  if (short === plain) return <>{short}{suffix}</>;
  return (
    <span title={`${plain}${suffix} (the small digit counts the zeros after the decimal point)`} className="cursor-help underline decoration-dotted decoration-muted underline-offset-2">
      <span aria-hidden>{short}{suffix}</span>
      <span className="sr-only">{plain}{suffix}</span>
    </span>
  );
}
