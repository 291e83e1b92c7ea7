import { describe, expect, it } from 'vitest';
import { formatSolBalance } from './format';

describe('formatSolBalance', () => {
  it('shows SOL balances to at most 3 decimals, never rounding up', () => {
    expect(formatSolBalance(10_000_000_000n)).toBe('10 SOL');
    expect(formatSolBalance(0n)).toBe('0 SOL');
    expect(formatSolBalance(1_500_000_000n)).toBe('1.5 SOL');
    expect(formatSolBalance(9_999_999_999n)).toBe('9.999 SOL');
    expect(formatSolBalance(999_999n)).toBe('0 SOL');
  });
});
