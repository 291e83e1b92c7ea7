import { describe, expect, it } from 'vitest';
import { realNumberStringTrimmed, tokenAmountToUiAmount } from './uiTokenAmount';

// agave account-decoder parse_token.rs test_ui_token_amount_real_string.
describe('tokenAmountToUiAmount', () => {
  it('matches the real node for whole, tiny and fractional amounts', () => {
    expect(tokenAmountToUiAmount(1n, 0)).toEqual({ uiAmount: 1, decimals: 0, amount: '1', uiAmountString: '1' });
    expect(tokenAmountToUiAmount(10n, 0).uiAmountString).toBe('10');
    expect(tokenAmountToUiAmount(1n, 9)).toEqual({ uiAmount: 0.000000001, decimals: 9, amount: '1', uiAmountString: '0.000000001' });
    expect(tokenAmountToUiAmount(1_000_000_000n, 9)).toEqual({ uiAmount: 1, decimals: 9, amount: '1000000000', uiAmountString: '1' });
    expect(tokenAmountToUiAmount(1_234_567_890n, 3)).toEqual({ uiAmount: 1234567.89, decimals: 3, amount: '1234567890', uiAmountString: '1234567.89' });
    expect(tokenAmountToUiAmount(0n, 9)).toEqual({ uiAmount: 0, decimals: 9, amount: '0', uiAmountString: '0' });
  });

  it('keeps the exact string where the float loses digits, and no float past 19 decimals', () => {
    expect(tokenAmountToUiAmount(18_446_744_073_709_551_615n, 9).uiAmountString).toBe('18446744073.709551615');
    expect(tokenAmountToUiAmount(5n, 20).uiAmount).toBeNull();
    expect(realNumberStringTrimmed(5n, 20)).toBe('0.00000000000000000005');
  });
});
