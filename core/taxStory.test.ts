import { describe, expect, it } from 'vitest';
import { creationCostSentence } from './dbcLaunch';
import { donationWalletShareOf, everyInterval, taxCardOf, taxShortOf, taxStoryOf } from './taxStory';

describe('the tax story', () => {
  it('tells a pool\'s split: the fee in SOL, the program\'s fifth, the rest claimed for the cause, at the configured interval', () => {
    expect(taxStoryOf(0, 600_000)).toBe('6% of every trade is the pool\'s fee, kept in SOL: Meteora\'s bonding-curve program keeps a fifth of it, '
      + 'and the rest, 4.8% of every trade, is claimed straight to the campaign\'s donation wallet every 10 minutes. Nothing is sold.');
    expect(taxStoryOf(0, 60_000)).toContain('donation wallet every minute.');
    expect(taxShortOf(0)).toBe('6% of every trade is the pool\'s fee in SOL; 4.8% of every trade is claimed for the cause, nothing sold');
    expect(taxCardOf(0)).toBe('The pool\'s 6% fee is kept in SOL; 4.8% of every trade is claimed for the cause.');
    expect(donationWalletShareOf(0)).toBe('4.8% of every trade, claimed from the pool in SOL, goes to this wallet.');
  });

  it('tells the platform\'s share of a pool\'s fee when there is one', () => {
    // 25% of the 4.8% the cause would get: 3.6% to the cause, 1.2% to the platform.
    expect(taxStoryOf(25, 600_000)).toBe('6% of every trade is the pool\'s fee, kept in SOL: Meteora\'s bonding-curve program keeps a fifth of it, '
      + 'and of the rest, 3.6% of every trade is claimed straight to the campaign\'s donation wallet and 1.2% to the platform\'s treasury, both every 10 minutes. Nothing is sold.');
    expect(taxStoryOf(25, 60_000)).toContain('1.2% to the platform\'s treasury, both every minute.');
    expect(taxShortOf(25)).toContain('3.6% of every trade is claimed for the cause');
    expect(taxCardOf(25)).toContain('3.6% of every trade is claimed for the cause.');
    expect(donationWalletShareOf(25)).toBe('3.6% of every trade, claimed from the pool in SOL, goes to this wallet.');
  });

  it('tells what a launch costs: the fee and at most the rent and network fees', () => {
    expect(creationCostSentence('http://localhost:3000')).toBe('Creation costs a 0.02 SOL platform fee, plus at most 0.014 SOL of rent and network fees '
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
