import { formatSol, parseSol } from '../../../../core/money';

/** A SOL decimal string with exactly `places` decimals and thousands separators: '1,234.5000'. */
export function solFixed(sol: string, places: number): string {
  const [whole = '0', fraction] = formatSol(parseSol(sol), places, { trim: false }).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

export const countText = (n: number) => n.toLocaleString('en-US');
