import { groupThousands } from '../../../../core/format';
import { formatSol, parseSol } from '../../../../core/money';

/**
 * A SOL decimal string to exactly `places` decimals, cut (the one rule every page follows: a
 * figure never reads higher than the chain's), with thousands separators: '1,234.5000'.
 */
export function solFixed(sol: string, places: number): string {
  const [whole = '0', fraction] = formatSol(parseSol(sol), places, { trim: false, rounding: 'down' }).split('.');
  return `${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

export const countText = (n: number) => n.toLocaleString('en-US');
