import { describe, expect, it } from 'vitest';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import { sharePercent } from './holderShares';

describe('sharePercent', () => {
  it('shows a holding as a percentage of the fixed supply, rounded down to two decimals', () => {
    expect(sharePercent(TOKEN_TOTAL_SUPPLY)).toBe('100.00');
    expect(sharePercent(TOKEN_TOTAL_SUPPLY / 15n)).toBe('6.66');
    expect(sharePercent(TOKEN_TOTAL_SUPPLY / 10_000n)).toBe('0.01');
    expect(sharePercent(TOKEN_TOTAL_SUPPLY / 10_000n - 1n)).toBe('<0.01');
    expect(sharePercent(1n)).toBe('<0.01');
  });
});
