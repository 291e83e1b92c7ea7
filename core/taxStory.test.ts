import { describe, expect, it } from 'vitest';
import { CAUSE_PERCENT_OF_TRADE, DBC_TAX_SHORT, dbcTaxStory, everyInterval, TAX_SHORT, taxStory } from './taxStory';

describe('the tax story', () => {
  it('tells the chain\'s split, at the configured interval', () => {
    expect(taxStory(600_000)).toBe('6% of every trade is withheld by the token, sold for SOL and paid out every 10 minutes: 80% to the campaign\'s donation wallet, 20% to the platform.');
    expect(taxStory(60_000)).toContain('paid out every minute:');
    expect(TAX_SHORT).toBe('6% of every trade is withheld and sold; 80% of it is paid to the cause in SOL');
    expect(CAUSE_PERCENT_OF_TRADE).toBe(4.8);
  });

  it('tells a DBC pool\'s split: the fee in SOL, the program\'s fifth, the rest claimed for the cause', () => {
    expect(dbcTaxStory(600_000)).toBe('6% of every trade is the pool\'s fee, kept in SOL: Meteora\'s bonding-curve program keeps a fifth of it, '
      + 'and the rest, 4.8% of every trade, is claimed straight to the campaign\'s donation wallet every 10 minutes. Nothing is sold.');
    expect(DBC_TAX_SHORT).toBe('6% of every trade is the pool\'s fee in SOL; 4.8% of every trade is claimed for the cause, nothing sold');
  });

  it('names intervals as people say them', () => {
    expect(everyInterval(60_000)).toBe('every minute');
    expect(everyInterval(600_000)).toBe('every 10 minutes');
    expect(everyInterval(3_600_000)).toBe('every hour');
    expect(everyInterval(7_200_000)).toBe('every 2 hours');
    expect(everyInterval(90_000)).toBe('every 90 seconds');
    expect(everyInterval(1000)).toBe('every second');
  });
});
