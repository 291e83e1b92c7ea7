import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditOpen, fundedBefore, hopCreditLamports, netGift, NETTING_WINDOW_MS, type Credit } from './netting';

const DAY = 24 * 60 * 60 * 1000;
const credit = (key: string, lamports: bigint, timeMs: number, kind: Credit['kind'] = 'round_trip', used = 0n): Credit => ({ key, kind, lamports, used, timeMs, slot: BigInt(timeMs) });

/** Gifts in time order, each netted against what earlier gifts left of the credits, as the indexer stores uses. */
function netInTurn(credits: Credit[], gifts: { lamports: bigint; timeMs: number }[], traced = true) {
  const used = new Map<string, bigint>();
  return gifts.map((gift) => {
    const open = credits.filter((c) => c.timeMs <= gift.timeMs).map((c) => ({ ...c, used: used.get(c.key) ?? 0n }));
    const netted = netGift(gift, open, { traced });
    for (const use of netted.uses) used.set(use.key, (used.get(use.key) ?? 0n) + use.lamports);
    return netted;
  });
}

describe('netGift', () => {
  it('a 5 SOL round trip nets 5 SOL of the sender\'s later gifts in all, not 5 of each', () => {
    const [first, second] = netInTurn([credit('out1', 5n, 0)], [{ lamports: 3n, timeMs: DAY }, { lamports: 4n, timeMs: 2 * DAY }]);
    expect(first).toMatchObject({ counted: 0n, roundTrip: 3n, uses: [{ key: 'out1', kind: 'round_trip', lamports: 3n }] });
    expect(second).toMatchObject({ counted: 2n, roundTrip: 2n });
    // Four cycles of 5 out and 5 back: nothing counts.
    const cycles = netInTurn([0, 2, 4, 6].map((d, i) => credit(`c${i}`, 5n, d * DAY)), [1, 3, 5, 7].map((d) => ({ lamports: 5n, timeMs: d * DAY })));
    expect(cycles.map((n) => n.counted)).toEqual([0n, 0n, 0n, 0n]);
  });

  it('uses the oldest open credit first, so one about to close is not left while a newer one is spent', () => {
    // 5 sent on day 0 and day 25; 5 back on day 26 and day 35: the second return is still the wallet's own.
    const netted = netInTurn([credit('day0', 5n, 0), credit('day25', 5n, 25 * DAY)], [{ lamports: 5n, timeMs: 26 * DAY }, { lamports: 5n, timeMs: 35 * DAY }]);
    expect(netted.map((n) => n.uses.map((u) => u.key))).toEqual([['day0'], ['day25']]);
    expect(netted.map((n) => n.counted)).toEqual([0n, 0n]);
  });

  it('a credit older than the window nets nothing', () => {
    expect(creditOpen({ timeMs: 0 }, NETTING_WINDOW_MS)).toBe(true);
    expect(creditOpen({ timeMs: 0 }, NETTING_WINDOW_MS + 1)).toBe(false);
    expect(creditOpen({ timeMs: 10 }, 9)).toBe(false);
    expect(netGift({ lamports: 5n, timeMs: NETTING_WINDOW_MS + 1 }, [credit('old', 5n, 0)], { traced: true })).toMatchObject({ counted: 5n, uses: [] });
  });

  it('says which part a hop netted, and leaves uncounted what an untraceable sender\'s wallet did not net', () => {
    expect(netGift({ lamports: 10n, timeMs: DAY }, [credit('out', 3n, 0), credit('hop', 4n, 1, 'hop')], { traced: true }))
      .toMatchObject({ counted: 3n, roundTrip: 3n, hop: 4n, unchecked: 0n });
    expect(netGift({ lamports: 10n, timeMs: DAY }, [credit('out', 3n, 0)], { traced: false }))
      .toMatchObject({ counted: 0n, roundTrip: 3n, hop: 0n, unchecked: 7n });
  });

  it('never goes negative, always accounts for the whole gift, and never uses a credit beyond what it holds', () => {
    const credits = fc.array(fc.record({
      lamports: fc.bigInt({ min: 1n, max: 10n ** 12n }), timeMs: fc.integer({ min: 0, max: 90 * DAY }), hop: fc.boolean(),
    }), { maxLength: 10 }).map((list) => list.map((c, i) => credit(`k${i}`, c.lamports, c.timeMs, c.hop ? 'hop' : 'round_trip')));
    const gifts = fc.array(fc.record({ lamports: fc.bigInt({ min: 0n, max: 10n ** 12n }), timeMs: fc.integer({ min: 0, max: 90 * DAY }) }), { maxLength: 10 })
      .map((list) => [...list].sort((a, b) => a.timeMs - b.timeMs));
    fc.assert(fc.property(credits, gifts, fc.boolean(), (cs, gs, traced) => {
      const netted = netInTurn(cs, gs, traced);
      const usedOf = new Map<string, bigint>();
      netted.forEach((n, i) => {
        for (const part of [n.counted, n.roundTrip, n.hop, n.unchecked]) expect(part >= 0n).toBe(true);
        expect(n.counted + n.roundTrip + n.hop + n.unchecked).toBe(gs[i]!.lamports);
        for (const use of n.uses) {
          expect(use.lamports > 0n).toBe(true);
          const c = cs.find((x) => x.key === use.key)!;
          expect(creditOpen(c, gs[i]!.timeMs)).toBe(true);
          usedOf.set(use.key, (usedOf.get(use.key) ?? 0n) + use.lamports);
        }
        if (!traced) expect(n.counted).toBe(0n);
      });
      // Used once: no credit nets more, over every gift, than it holds.
      for (const c of cs) expect((usedOf.get(c.key) ?? 0n) <= c.lamports).toBe(true);
    }));
  });
});

describe('hop credits', () => {
  it('is at most what the funded wallet passed on, and at most what the donation wallet gave it in the window before', () => {
    const outflows = [{ lamports: 2n, timeMs: 0, slot: 1n }, { lamports: 3n, timeMs: 10 * DAY, slot: 5n }, { lamports: 9n, timeMs: 20 * DAY, slot: 9n }];
    // Passed on at day 31, slot 8: the day-0 transfer is out of the window, the slot-9 one came after.
    expect(fundedBefore(outflows, { timeMs: 31 * DAY, slot: 8n })).toBe(3n);
    expect(hopCreditLamports(5n, 3n)).toBe(3n);
    expect(hopCreditLamports(2n, 3n)).toBe(2n);
    expect(hopCreditLamports(2n, 0n)).toBe(0n);
    expect(hopCreditLamports(-1n, 3n)).toBe(0n);
  });
});
