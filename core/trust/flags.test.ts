import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrustFacts } from './facts';
import { NEW_WALLET_MS, trustFlags } from './flags';
import { moreThan, percentOf } from './share';

const NOW = new Date('2026-11-26T04:00:00Z');
const DISTRIBUTOR = 'Distributor1111111111111111111111111111111';

/** A campaign nobody should worry about: authorities revoked, a verified charity, spread holders. */
function honest(): TrustFacts {
  return {
    tokenAddress: 'Mint111111111111111111111111111111111111111', asOf: NOW,
    authorities: {
      mintAuthority: null, freezeAuthority: null, feeConfigAuthority: null, withdrawWithheldAuthority: DISTRIBUTOR,
      metadataUpdateAuthority: 'Treasury', distributorWallet: DISTRIBUTOR, poolWallet: 'Pool', metadataAuthorityIsPlatform: true, transferFeeBps: 600,
    },
    holders: { circulatingTokens: 1_000n, holderCount: 30, top10Tokens: 400n, creatorTokens: 50n, top: [] },
    creatorTrades: {
      creatorWallet: 'Creator', initialBuy: null, buys: { count: 0, tokens: 0n, lamports: 0n }, sells: { count: 0, tokens: 0n, lamports: 0n },
      boughtTokens: 100n, lastSellAt: null, transferredOutTokens: null,
    },
    earlyBuyers: { launchSlot: 10n, slotsAfter: 2, wallets: [], tokensNow: 0n },
    fundingClusters: null,
    cause: {
      donationWallet: 'Charity', kind: 'verified_charity', charityName: 'Water', firstSeenAt: new Date(0), firstSeenExact: true,
      payouts: { count: 0, lamports: 0n, lastAt: null }, verification: 'not_requested',
    },
    creatorHistory: { count: 0, campaigns: [], raisedLamports: 0n, graduated: 0, soldMostWithinDay: 0 },
  };
}

const ids = (facts: TrustFacts) => trustFlags(facts).map((f) => f.id);

describe('trustFlags', () => {
  it('raises nothing for an honest campaign', () => {
    expect(trustFlags(honest())).toEqual([]);
  });

  it.each([
    ['sold exactly half', 50n, []],
    ['sold one base unit more than half', 51n, ['creator_sold']],
    ['sold everything', 100n, ['creator_sold']],
  ])('creator: %s', (_, sold, expected) => {
    const facts = honest();
    facts.creatorTrades.sells = { count: 1, tokens: sold, lamports: 1n };
    expect(ids(facts)).toEqual(expected);
  });

  it.each([
    ['sold 40%, moved 10% out: exactly half', 40n, 10n, []],
    ['sold 40%, moved 11% out', 40n, 11n, ['creator_moved']],
    ['sold nothing, moved everything out', 0n, 100n, ['creator_moved']],
    ['sold 60%, moved 30% out: the sale says it', 60n, 30n, ['creator_sold']],
    ['moves not computed', 50n, null, []],
  ])('creator: %s', (_, sold, moved, expected) => {
    const facts = honest();
    facts.creatorTrades.sells = { count: 1, tokens: sold, lamports: 1n };
    facts.creatorTrades.transferredOutTokens = moved;
    expect(ids(facts)).toEqual(expected);
  });

  it('a creator who bought nothing and sold nothing raises nothing', () => {
    const facts = honest();
    facts.creatorTrades.boughtTokens = 0n;
    expect(ids(facts)).toEqual([]);
  });

  it.each([
    ['exactly half, 30 holders', 500n, 30, []],
    ['over half, 30 holders', 501n, 30, ['top_holders']],
    ['everything, but only 10 holders: the top 10 are everyone', 1_000n, 10, []],
    ['over half, 20 holders: 10 of 20 equal holders already hold half', 501n, 20, []],
    ['over half, 21 holders', 501n, 21, ['top_holders']],
  ])('top 10: %s', (_, top10, holderCount, expected) => {
    const facts = honest();
    facts.holders = { ...facts.holders!, top10Tokens: top10, holderCount };
    expect(ids(facts)).toEqual(expected);
  });

  it.each([
    ['a fifth exactly', 200n, []],
    ['over a fifth', 201n, ['early_buyers']],
  ])('early buyers holding %s', (_, tokensNow, expected) => {
    const facts = honest();
    facts.earlyBuyers = { ...facts.earlyBuyers!, wallets: [{ wallet: 'A', boughtTokens: tokensNow, tokensNow }], tokensNow };
    expect(ids(facts)).toEqual(expected);
    if (expected.length) expect(trustFlags(facts)[0]!.sentence).toBe('1 wallet that bought within seconds of the launch still holds more than a fifth of the tokens in circulation.');
  });

  it('a funding cluster over a fifth is high; clusters not computed (null) raise nothing', () => {
    const facts = honest();
    expect(ids(facts)).toEqual([]);
    facts.fundingClusters = [{ funder: 'F', wallets: ['A', 'B'], tokensNow: 200n }];
    expect(ids(facts)).toEqual([]);
    facts.fundingClusters = [{ funder: 'F', wallets: ['A', 'B'], tokensNow: 201n }];
    expect(trustFlags(facts)).toMatchObject([{ id: 'funding_cluster', severity: 'high' }]);
  });

  it.each([
    ['unproven, never used', 'unproven', null, true, ['donation_wallet_unproven']],
    ['unproven, first used a moment under a week ago', 'unproven', new Date(NOW.getTime() - NEW_WALLET_MS + 1), true, ['donation_wallet_unproven']],
    ['unproven, first used exactly a week ago', 'unproven', new Date(NOW.getTime() - NEW_WALLET_MS), true, []],
    ['unproven, busy wallet (age a lower bound)', 'unproven', new Date(NOW.getTime() - 1000), false, []],
    ['proven by the creator, new', 'proven', null, true, []],
    ['the creator\'s own wallet', 'creator_wallet', null, true, ['donation_wallet_is_creator']],
    ['no donation wallet', 'none', null, true, ['no_donation_wallet']],
  ] as const)('donation wallet: %s', (_, kind, firstSeenAt, firstSeenExact, expected) => {
    const facts = honest();
    facts.cause = { ...facts.cause, kind, firstSeenAt, firstSeenExact };
    expect(ids(facts)).toEqual(expected);
  });

  it('authorities: any left open is high; the withheld fees belong to the distributor', () => {
    const facts = honest();
    facts.authorities = { ...facts.authorities!, mintAuthority: 'X', freezeAuthority: 'Y', feeConfigAuthority: 'Z', withdrawWithheldAuthority: 'W' };
    expect(ids(facts)).toEqual(['mint_authority', 'freeze_authority', 'fee_authority', 'withheld_authority']);
    facts.authorities = null;
    expect(ids(facts)).toEqual([]);
  });

  it('creator history: past dumps are high and counted in words', () => {
    const facts = honest();
    facts.creatorHistory.soldMostWithinDay = 2;
    expect(trustFlags(facts)).toEqual([{
      id: 'creator_history', severity: 'high', sentence: 'In 2 earlier campaigns, this creator sold most of their tokens within a day of launch.',
    }]);
  });

  it('orders flags high first', () => {
    const facts = honest();
    facts.cause = { ...facts.cause, kind: 'creator_wallet' };
    facts.holders = { ...facts.holders!, top10Tokens: 900n };
    facts.creatorTrades.sells = { count: 1, tokens: 100n, lamports: 1n };
    expect(trustFlags(facts).map((f) => f.severity)).toEqual(['high', 'medium', 'low']);
  });

  it('the creator flag is exactly 2 x sold > bought, for any amounts', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), (bought, sold) => {
      const facts = honest();
      facts.creatorTrades.boughtTokens = bought;
      facts.creatorTrades.sells = { count: 1, tokens: sold, lamports: 0n };
      expect(ids(facts).includes('creator_sold')).toBe(bought > 0n && 2n * sold > bought);
    }));
  });
});

describe('share', () => {
  it('moreThan agrees with exact rational comparison', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 1, max: 99 }), (part, whole, pct) => {
      expect(moreThan(part, whole, { num: BigInt(pct), den: 100n })).toBe(whole > 0n && part * 100n > whole * BigInt(pct));
    }));
  });

  it('percentOf rounds down to hundredths', () => {
    expect(percentOf(1n, 2n)).toBe('50.00');
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(2n, 3n)).toBe('66.66');
    expect(percentOf(5n, 5n)).toBe('100.00');
    expect(percentOf(0n, 7n)).toBe('0.00');
    expect(percentOf(1n, 0n)).toBeNull();
  });
});
