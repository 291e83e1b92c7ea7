import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TrustFacts } from './facts';
import { NEW_WALLET_MS, trustFlags } from './flags';
import { withRememberedFlags } from './remembered';
import { moreThan, percentOf } from './share';
import { ALL_CLEAR_SENTENCE, trustVerdict } from './verdict';

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
    holders: { circulatingTokens: 1_000n, holderCount: 30, top10Tokens: 400n, creatorTokens: 50n, largest: { wallet: 'A', tokens: 100n }, top: [] },
    creatorTrades: {
      creatorWallet: 'Creator', initialBuy: null, buys: { count: 0, tokens: 0n, lamports: 0n }, sells: { count: 0, tokens: 0n, lamports: 0n },
      boughtTokens: 100n, lastSellAt: null, transferredOutTokens: null, transferredInTokens: null, transfersExact: true, funded: null,
    },
    earlyBuyers: { launchSlot: 10n, slotsAfter: 2, wallets: [], tokensNow: 0n },
    fundingClusters: null,
    curveBoughtTokens: 1_000n,
    cause: {
      donationWallet: 'Charity', kind: 'verified_charity', charityName: 'Water', proof: null, firstSeenAt: new Date(0), firstSeenExact: true,
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
    const cluster = { funder: 'F', fundedByCreator: false, wallets: ['A', 'B'], boughtTokens: 201n, soldTokens: 0n };
    facts.fundingClusters = [{ ...cluster, tokensNow: 200n }];
    expect(ids(facts)).toEqual([]);
    facts.fundingClusters = [{ ...cluster, tokensNow: 201n }];
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

  it('authorities: a token without a transfer fee (a DBC pool\'s, whose fee is in SOL) has no withheld fees for anyone to take', () => {
    const facts = honest();
    facts.authorities = { ...facts.authorities!, transferFeeBps: null, withdrawWithheldAuthority: null, poolProgram: 'dbc' };
    expect(ids(facts)).toEqual([]);
    facts.authorities = { ...facts.authorities, mintAuthority: 'X' };
    expect(ids(facts)).toEqual(['mint_authority']);
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

const h = (facts: TrustFacts) => facts.holders!;
const ratioRule = (holders: number) => fc.record({
  circulating: fc.bigInt({ min: 1n, max: 10n ** 18n }), holders: fc.constant(holders),
});

describe('concentration at any holder count (issue 34)', () => {
  it.each([
    ['exactly half', 500n, []],
    ['one base unit over half', 501n, ['single_holder']],
    ['all of it', 1_000n, ['single_holder']],
  ])('one wallet holding %s', (_, tokens, expected) => {
    const facts = honest();
    facts.holders = { ...h(facts), holderCount: 3, top10Tokens: 1_000n, creatorTokens: 0n, largest: { wallet: 'W', tokens } };
    expect(ids(facts)).toEqual(expected);
  });

  it('the single-wallet sentence names the share, medium', () => {
    const facts = honest();
    facts.holders = { ...h(facts), circulatingTokens: 10_000n, holderCount: 2, creatorTokens: 0n, largest: { wallet: 'W', tokens: 8_981n } };
    expect(trustFlags(facts)).toEqual([{
      id: 'single_holder', severity: 'medium', sentence: 'One wallet holds 89.81% of the tokens in circulation: if it sells, the price falls hard.',
    }]);
  });

  it('a single wallet over half raises the flag exactly when 2 x held > circulating, at any holder count', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 1, max: 10_000 }), (circulating, held, holderCount) => {
      const tokens = held > circulating ? circulating : held;
      const facts = honest();
      facts.holders = { ...h(facts), circulatingTokens: circulating, holderCount, top10Tokens: 0n, creatorTokens: 0n, largest: { wallet: 'W', tokens } };
      expect(ids(facts).includes('single_holder')).toBe(2n * tokens > circulating);
    }));
  });

  it.each([
    ['a fifth exactly', 200n, null],
    ['just over a fifth', 201n, 'low'],
    ['half exactly', 500n, 'low'],
    ['just over half', 501n, 'medium'],
    ['70%', 700n, 'medium'],
  ] as const)('the creator holding %s of the circulating supply', (_, creatorTokens, severity) => {
    const facts = honest();
    facts.holders = { ...h(facts), holderCount: 2, creatorTokens, largest: { wallet: 'W', tokens: 1_000n - creatorTokens > 300n ? 300n : 1_000n - creatorTokens } };
    const flag = trustFlags(facts).find((f) => f.id === 'creator_share');
    expect(flag?.severity ?? null).toBe(severity);
  });

  it('the creator at 69.57% is told in words', () => {
    const facts = honest();
    facts.holders = { ...h(facts), circulatingTokens: 10_000n, creatorTokens: 6_957n, largest: null };
    expect(trustFlags(facts)).toEqual([{
      id: 'creator_share', severity: 'medium', sentence: 'The creator holds 69.57% of the tokens in circulation: if they sell, the price falls hard.',
    }]);
    facts.holders.creatorTokens = 2_500n;
    expect(trustFlags(facts)).toEqual([{ id: 'creator_share', severity: 'low', sentence: 'The creator holds 25.00% of the tokens in circulation.' }]);
  });

  it('the creator\'s share: low exactly when 5 x held > circulating, medium exactly when 2 x held > circulating', () => {
    fc.assert(fc.property(ratioRule(5), fc.bigInt({ min: 0n, max: 10n ** 18n }), ({ circulating }, held) => {
      const creatorTokens = held > circulating ? circulating : held;
      const facts = honest();
      facts.holders = { ...h(facts), circulatingTokens: circulating, top10Tokens: 0n, creatorTokens, largest: null };
      const flag = trustFlags(facts).find((f) => f.id === 'creator_share');
      expect(flag?.severity ?? null).toBe(2n * creatorTokens > circulating ? 'medium' : 5n * creatorTokens > circulating ? 'low' : null);
    }));
  });
});

describe('wallets the creator funded sell as the creator (issue 34)', () => {
  const funded = (boughtTokens: bigint, soldTokens: bigint) => ({ wallets: ['F1', 'F2'], boughtTokens, soldTokens, lastSellAt: null });

  it.each([
    ['the funded wallets sold all, the creator nothing: exactly half of the group', 0n, 100n, []],
    ['one base unit more', 1n, 100n, ['creator_sold']],
  ])('%s', (_, creatorSold, fundedSold, expected) => {
    const facts = honest();
    facts.creatorTrades.sells = { count: 1, tokens: creatorSold, lamports: 1n };
    facts.creatorTrades.funded = funded(100n, fundedSold);
    expect(ids(facts)).toEqual(expected);
    if (expected.length) expect(trustFlags(facts)[0]!.sentence).toBe('The creator has sold more than half of the tokens they held, counting 2 wallets they paid for.');
  });

  it('creator_sold is exactly 2 x (sold + funded sold) > bought + funded bought', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }),
      (bought, sold, fBought, fSold) => {
        const facts = honest();
        facts.creatorTrades.boughtTokens = bought;
        facts.creatorTrades.sells = { count: 1, tokens: sold, lamports: 0n };
        facts.creatorTrades.funded = funded(fBought, fSold);
        const total = bought + fBought;
        expect(ids(facts).includes('creator_sold')).toBe(total > 0n && 2n * (sold + fSold) > total);
      }));
  });

  it('moved is the gross outflow: tokens moved out against everything that came in', () => {
    const facts = honest();
    facts.creatorTrades.transferredOutTokens = 60n;
    facts.creatorTrades.transferredInTokens = 0n;
    expect(ids(facts)).toEqual(['creator_moved']);
    // Tokens that came in by transfer are tokens held too: 60 of 120 is not more than half.
    facts.creatorTrades.transferredInTokens = 20n;
    expect(ids(facts)).toEqual([]);
    facts.creatorTrades.transferredOutTokens = 61n;
    expect(ids(facts)).toEqual(['creator_moved']);
  });

  it('creator_moved is exactly 2 x (sold + moved out) > bought + moved in, when the sells alone are not over half', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }),
      (bought, sold, out, came) => {
        const facts = honest();
        facts.creatorTrades.boughtTokens = bought;
        facts.creatorTrades.sells = { count: 1, tokens: sold, lamports: 0n };
        facts.creatorTrades.transferredOutTokens = out;
        facts.creatorTrades.transferredInTokens = came;
        const soldMost = bought > 0n && 2n * sold > bought;
        expect(ids(facts).includes('creator_moved')).toBe(!soldMost && bought + came > 0n && 2n * (sold + out) > bought + came);
      }));
  });
});

describe('a funding cluster that sold out (issue 34)', () => {
  const cluster = (boughtTokens: bigint, soldTokens: bigint, fundedByCreator = false) => ({
    funder: 'F', fundedByCreator, wallets: Array.from({ length: 8 }, (_, i) => `W${i}`), tokensNow: 0n, boughtTokens, soldTokens,
  });

  it.each([
    ['bought exactly a fifth of the curve\'s sales, sold all', 200n, 200n, []],
    ['bought over a fifth, sold exactly half', 202n, 101n, []],
    ['bought over a fifth, sold one base unit over half', 202n, 102n, ['funding_cluster_sold']],
  ])('%s', (_, bought, sold, expected) => {
    const facts = honest();
    facts.fundingClusters = [cluster(bought, sold)];
    expect(ids(facts)).toEqual(expected);
  });

  it('is high, and says whose wallets they were', () => {
    const facts = honest();
    facts.fundingClusters = [cluster(600n, 600n, true)];
    expect(trustFlags(facts)).toEqual([{
      id: 'funding_cluster_sold', severity: 'high',
      sentence: '8 wallets the creator paid for bought more than a fifth of the tokens sold on the curve, then sold more than half of them: it may be one person cashing out.',
    }]);
    facts.fundingClusters = [cluster(600n, 600n)];
    expect(trustFlags(facts)[0]!.sentence).toMatch(/^A group of 8 wallets paid for by the same source bought more than a fifth/);
  });

  it('raises exactly when 5 x bought > curve bought and 2 x sold > bought', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 10n ** 18n }), (curve, b, s) => {
      const bought = b > curve ? curve : b;
      const sold = s > bought ? bought : s;
      const facts = honest();
      facts.curveBoughtTokens = curve;
      facts.fundingClusters = [cluster(bought, sold)];
      expect(ids(facts).includes('funding_cluster_sold')).toBe(5n * bought > curve && 2n * sold > bought);
    }));
  });
});

describe('remembered flags (issue 34)', () => {
  const since = new Date('2026-12-03T10:00:00Z');
  const medium = { id: 'single_holder', severity: 'medium' as const, sentence: 'One wallet holds 60.00% of the tokens in circulation: if it sells, the price falls hard.' };

  it('a dump flag no longer raised is still shown, high, with the day it was first raised', () => {
    expect(withRememberedFlags([medium], [{ id: 'creator_sold', sentence: 'The creator has sold more than half of the tokens they held.', since }])).toEqual([
      { id: 'creator_sold', severity: 'high', sentence: 'The creator has sold more than half of the tokens they held. Flagged since 3 December 2026.', since: since.toISOString() },
      medium,
    ]);
  });

  it('a flag raised now keeps its first day; flags never remembered are as they are', () => {
    const now = { id: 'creator_sold', severity: 'high' as const, sentence: 'The creator has sold more than half of the tokens they held, counting 2 wallets they paid for.' };
    const other = { id: 'mint_authority', severity: 'high' as const, sentence: 'Someone can still create new tokens.' };
    expect(withRememberedFlags([other, now, medium], [{ id: 'creator_sold', sentence: 'older words.', since }])).toEqual([
      other, { ...now, sentence: `${now.sentence} Flagged since 3 December 2026.`, since: since.toISOString() }, medium,
    ]);
    expect(withRememberedFlags([other, medium], [])).toEqual([other, medium]);
  });
});

describe('the verdict: never an all-clear beside a warning fact (issue 34)', () => {
  it.each([
    [30, 'all_clear', ALL_CLEAR_SENTENCE],
    [21, 'all_clear', ALL_CLEAR_SENTENCE],
    [20, 'too_early', 'Too early to judge holder concentration: 20 holders'],
    [3, 'too_early', 'Too early to judge holder concentration: 3 holders'],
    [1, 'too_early', 'Too early to judge holder concentration: 1 holder'],
  ] as const)('%i holders and no flag: %s', (holderCount, kind, sentence) => {
    const facts = honest();
    facts.holders = { ...h(facts), holderCount };
    expect(trustVerdict(facts, trustFlags(facts))).toEqual({ kind, sentence, concentration: kind === 'too_early' ? sentence : null });
  });

  it('with flags it lists them, and a young token still says it is too early to judge; unknown holders are never all clear', () => {
    const facts = honest();
    facts.holders = { ...h(facts), holderCount: 3, largest: { wallet: 'W', tokens: 900n } };
    expect(trustVerdict(facts, trustFlags(facts))).toEqual({ kind: 'warnings', sentence: null, concentration: 'Too early to judge holder concentration: 3 holders' });
    facts.holders = null;
    expect(trustVerdict(facts, [])).toMatchObject({ kind: 'holders_unknown' });
  });

  it('for any holders: an all-clear means the top 10, the largest wallet and the creator are all under their limits', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }),
      (holderCount, circulating, top10, largest, creator) => {
        const cap = (x: bigint) => (x > circulating ? circulating : x);
        const facts = honest();
        facts.holders = { circulatingTokens: circulating, holderCount, top10Tokens: cap(top10), creatorTokens: cap(creator), largest: { wallet: 'W', tokens: cap(largest) }, top: [] };
        const verdict = trustVerdict(facts, trustFlags(facts));
        if (verdict.kind === 'all_clear') {
          expect(holderCount).toBeGreaterThanOrEqual(21);
          expect(2n * cap(top10) <= circulating && 2n * cap(largest) <= circulating && 5n * cap(creator) <= circulating).toBe(true);
        }
        expect(verdict.sentence === ALL_CLEAR_SENTENCE).toBe(verdict.kind === 'all_clear');
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
