import { groupThousands } from '../../../../core/format';
import { formatSol, parseSol } from '../../../../core/money';

/** A SOL decimal string rounded (half up, as spec 2 asks) to exactly `places` decimals, with thousands separators: '1,234.5000'. */
export function solFixed(sol: string, places: number): string {
  const [whole = '0', fraction] = formatSol(parseSol(sol), places, { trim: false, rounding: 'halfUp' }).split('.');
  return `${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

export const countText = (n: number) => n.toLocaleString('en-US');
