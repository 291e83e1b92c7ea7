import { formatSol } from '../../core/money';

/** The wallet's SOL balance in the header: at most 3 decimals, rounded down so it never shows more than is there. */
export function formatSolBalance(lamports: bigint): string {
  return `${formatSol(lamports, 3)} SOL`;
}
