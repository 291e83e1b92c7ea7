import { describe, expect, it } from 'vitest';
import { creationCostSentence } from './dbcLaunch';
import {
  CAUSE_PERCENT_OF_TRADE, DBC_TAX_SHORT, dbcTaxStory, donationWalletShareOf, everyInterval, TAX_SHORT, taxCardOf, taxShortOf, taxStory, taxStoryOf,
} from './taxStory';

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

  it('tells the story of how campaigns launch here, and the platform\'s share of a pool\'s fee when there is one', () => {
    const dbc = { program: 'dbc' as const, platformSharePercent: 0 };
    expect(taxStoryOf(dbc, 600_000)).toBe(dbcTaxStory(600_000));
    expect(taxStoryOf({ program: 'custodial', platformSharePercent: 0 }, 600_000)).toBe(taxStory(600_000));
    expect(taxShortOf(dbc)).toBe(DBC_TAX_SHORT);
    expect(taxShortOf({ program: 'custodial', platformSharePercent: 25 })).toBe(TAX_SHORT);
    // 25% of the 4.8% the cause would get: 3.6% to the cause, 1.2% to the platform.
    expect(dbcTaxStory(600_000, 25)).toBe('6% of every trade is the pool\'s fee, kept in SOL: Meteora\'s bonding-curve program keeps a fifth of it, '
      + 'and of the rest, 3.6% of every trade is claimed straight to the campaign\'s donation wallet and 1.2% to the platform\'s treasury, both every 10 minutes. Nothing is sold.');
    expect(dbcTaxStory(60_000, 25)).toContain('1.2% to the platform\'s treasury, both every minute.');
    expect(taxShortOf({ program: 'dbc', platformSharePercent: 25 })).toContain('3.6% of every trade is claimed for the cause');
    expect(taxCardOf(dbc)).toBe('The pool\'s 6% fee is kept in SOL; 4.8% of every trade is claimed for the cause.');
    expect(taxCardOf({ program: 'custodial', platformSharePercent: 0 })).toBe('6% of every trade is withheld and sold; 80% of it is paid to the cause in SOL.');
    expect(donationWalletShareOf(dbc)).toBe('4.8% of every trade, claimed from the pool in SOL, goes to this wallet.');
    expect(donationWalletShareOf({ program: 'custodial', platformSharePercent: 0 })).toBe('80% of the tax, sold for SOL, goes to this wallet.');
  });

  it('tells what a launch costs: the spec\'s 0.05 SOL custodially, on a DBC pool the fee and at most the rent and network fees', () => {
    expect(creationCostSentence('custodial', 'http://localhost:3000')).toBe('Creation costs 0.05 SOL plus your optional initial buy.');
    expect(creationCostSentence('dbc', 'http://localhost:3000')).toBe('Creation costs a 0.02 SOL platform fee, plus at most 0.014 SOL of rent and network fees '
      + 'for the new token and pool accounts, and your optional initial buy.');
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
