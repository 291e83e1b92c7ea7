import { describe, expect, it } from 'vitest';
import { charityAfter, type CharityInOrder } from './charityTurn';

const charity = (wallet: string, active = true): CharityInOrder => ({ name: `Charity ${wallet}`, wallet, active });

describe('charityAfter', () => {
  const list = [charity('a'), charity('b'), charity('c', false), charity('d')];

  it('starts with the first active charity and goes on in display order, wrapping', () => {
    expect(charityAfter(list, null)?.wallet).toBe('a');
    expect(charityAfter(list, 'a')?.wallet).toBe('b');
    expect(charityAfter(list, 'd')?.wallet).toBe('a');
  });

  it('skips inactive charities, and passes the turn on from one deactivated since it was paid', () => {
    expect(charityAfter(list, 'b')?.wallet).toBe('d');
    expect(charityAfter(list, 'c')?.wallet).toBe('d');
  });

  it('starts over when the last one paid is gone, and has no one to pay without an active charity', () => {
    expect(charityAfter(list, 'removed')?.wallet).toBe('a');
    expect(charityAfter([charity('x', false)], null)).toBeNull();
  });
});
