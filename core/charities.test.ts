import { describe, expect, it } from 'vitest';
import { BUILT_IN_CHARITIES } from './charities';
import { CHARITY_CATEGORIES, PUBLIC_CHARITY_CATEGORIES } from './enums';
import { isSolanaAddress } from './schemas/creation';

describe('the built-in charity list', () => {
  it('has unique names and valid, unique wallets in the fixed categories', () => {
    expect(new Set(BUILT_IN_CHARITIES.map((c) => c.name)).size).toBe(BUILT_IN_CHARITIES.length);
    expect(new Set(BUILT_IN_CHARITIES.map((c) => c.wallet_address)).size).toBe(BUILT_IN_CHARITIES.length);
    for (const c of BUILT_IN_CHARITIES) {
      expect(isSolanaAddress(c.wallet_address), c.name).toBe(true);
      expect(CHARITY_CATEGORIES).toContain(c.category);
    }
  });

  it('covers the public page\'s seven categories with active entries', () => {
    const active = BUILT_IN_CHARITIES.filter((c) => c.is_active);
    expect(new Set(active.map((c) => c.category))).toEqual(new Set(PUBLIC_CHARITY_CATEGORIES));
  });
});
