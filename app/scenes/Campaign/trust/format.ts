import { TOKEN_DECIMALS } from '../../../../core/constants';
import { formatUnitsGrouped, relativeTime } from '../../../../core/format';
import { formatSol } from '../../../../core/money';

// How the trust panel writes its figures: whole tokens with separators, SOL to 4 places,
// shares with the server's two decimals, times relative to now.

export const tokens = (units: string) => `${formatUnitsGrouped(BigInt(units), TOKEN_DECIMALS, 0)} tokens`;
export const sol = (lamports: string) => `${formatSol(BigInt(lamports), 4)} SOL`;
export const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
export const when = (iso: string | null, never: string) => (iso ? relativeTime(iso) : never);
