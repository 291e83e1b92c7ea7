import { describe, expect, it } from 'vitest';
import { ACCOUNT_SIZE, ExtensionType, getAccountLen } from '@solana/spl-token';
import { rentExemptLamports } from './rent';
import { TRADER_TOKEN_ACCOUNT_BYTES, TRADE_NETWORK_FEE_LAMPORTS, WRAPPED_SOL_ACCOUNT_RENT, tradeLamports } from './tradeCosts';

describe('what a swap needs in the trader\'s wallet', () => {
  it('counts the accounts the server counts: a Token-2022 account with ImmutableOwner, a classic wrapped-SOL account', () => {
    expect(TRADER_TOKEN_ACCOUNT_BYTES).toBe(getAccountLen([ExtensionType.ImmutableOwner]));
    expect(WRAPPED_SOL_ACCOUNT_RENT).toBe(rentExemptLamports(ACCOUNT_SIZE));
  });

  it('a buy: its SOL, one signature, the wrapped-SOL rent, and the token account only on a first buy', () => {
    const sol = 1_000_000_000n;
    const base = sol + TRADE_NETWORK_FEE_LAMPORTS + WRAPPED_SOL_ACCOUNT_RENT;
    expect(tradeLamports('buy', sol, false)).toBe(base);
    expect(tradeLamports('buy', sol, true)).toBe(base + rentExemptLamports(TRADER_TOKEN_ACCOUNT_BYTES));
    expect(tradeLamports('sell', 0n, false)).toBe(5_000n + WRAPPED_SOL_ACCOUNT_RENT);
  });
});
