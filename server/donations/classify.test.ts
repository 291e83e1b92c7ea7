import { describe, expect, it } from 'vitest';
import { classifyTransfers, type TransactionFacts, type WatchedCampaign } from './classify';
import type { SolTransfer } from './transfers';

const campaign = (id: number, wallet: string, countsPlainTransfers: boolean, since = new Date(0)): WatchedCampaign => ({
  id, donationWallet: wallet, distributorWallet: `dist${id}`, reference: `ref${id}`, since, countsPlainTransfers,
});

/** A transaction whose wallets gained exactly what these transfers brought them, unless `gains` says otherwise. */
function facts(transfers: SolTransfer[], extra: Partial<TransactionFacts> = {}): TransactionFacts {
  const balanceChanges = new Map<string, bigint>();
  for (const t of transfers) {
    balanceChanges.set(t.destination, (balanceChanges.get(t.destination) ?? 0n) + t.lamports);
    balanceChanges.set(t.source, (balanceChanges.get(t.source) ?? 0n) - t.lamports);
  }
  return { transfers, accountKeys: new Set(), balanceChanges, platformSenders: new Set(), blockTime: new Date(1000), ...extra };
}

describe('classifyTransfers', () => {
  const own = new Map([['W', [campaign(1, 'W', true)]]]);
  const shared = new Map([['C', [campaign(2, 'C', false), campaign(3, 'C', false)]]]);

  it('a transfer from the distributor is a reward, anyone else\'s a direct donation', () => {
    expect(classifyTransfers(facts([{ source: 'dist1', destination: 'W', lamports: 5n }, { source: 'alice', destination: 'W', lamports: 7n }]), own))
      .toEqual([
        { campaignId: 1, kind: 'reward', from: 'dist1', to: 'W', sent: 5n, share: 5n },
        { campaignId: 1, kind: 'direct', from: 'alice', to: 'W', sent: 7n, share: 7n },
      ]);
  });

  it('on a wallet whose creator proved nothing, only the reference names the campaign; a plain transfer is nobody\'s', () => {
    expect(classifyTransfers(facts([{ source: 'alice', destination: 'C', lamports: 7n }]), shared)).toEqual([]);
    expect(classifyTransfers(facts([{ source: 'alice', destination: 'C', lamports: 7n }], { accountKeys: new Set(['ref3']) }), shared))
      .toEqual([{ campaignId: 3, kind: 'direct', from: 'alice', to: 'C', sent: 7n, share: 7n }]);
    expect(classifyTransfers(facts([{ source: 'dist2', destination: 'C', lamports: 1n }]), shared))
      .toEqual([{ campaignId: 2, kind: 'reward', from: 'dist2', to: 'C', sent: 1n, share: 1n }]);
  });

  it('counts what the wallet gained: SOL sent in and taken back out in the same transaction counts nothing', () => {
    const wash = facts([{ source: 'alice', destination: 'W', lamports: 5n }, { source: 'W', destination: 'alice', lamports: 5n }]);
    expect(wash.balanceChanges.get('W')).toBe(0n);
    expect(classifyTransfers(wash, own)).toEqual([]);
    // Half taken back: half a gift.
    const half = facts([{ source: 'alice', destination: 'W', lamports: 10n }, { source: 'W', destination: 'bob', lamports: 4n }]);
    expect(classifyTransfers(half, own)).toEqual([{ campaignId: 1, kind: 'direct', from: 'alice', to: 'W', sent: 10n, share: 6n }]);
    // The wallet paid the fee and lost more than it got: nothing.
    expect(classifyTransfers(facts([{ source: 'alice', destination: 'W', lamports: 3n }], { balanceChanges: new Map([['W', -2n]]) }), own)).toEqual([]);
  });

  it('never more than the gain, rewards served first, then one row per sender sharing the rest in proportion', () => {
    const both = facts([
      { source: 'alice', destination: 'W', lamports: 2n }, { source: 'bob', destination: 'W', lamports: 3n }, { source: 'dist1', destination: 'W', lamports: 4n },
    ], { balanceChanges: new Map([['W', 6n]]) });
    expect(classifyTransfers(both, own)).toEqual([
      { campaignId: 1, kind: 'reward', from: 'dist1', to: 'W', sent: 4n, share: 4n },
      // 2 left for 2 + 3: 0.8 and 1.2, the rounding lamport to the larger remainder.
      { campaignId: 1, kind: 'direct', from: 'alice', to: 'W', sent: 2n, share: 1n },
      { campaignId: 1, kind: 'direct', from: 'bob', to: 'W', sent: 3n, share: 1n },
    ]);
    // Payouts take it all: the donors' rows remain, with nothing counted.
    const taken = facts([{ source: 'alice', destination: 'W', lamports: 2n }, { source: 'dist1', destination: 'W', lamports: 4n }], { balanceChanges: new Map([['W', 3n]]) });
    expect(classifyTransfers(taken, own)).toEqual([
      { campaignId: 1, kind: 'reward', from: 'dist1', to: 'W', sent: 4n, share: 3n },
      { campaignId: 1, kind: 'direct', from: 'alice', to: 'W', sent: 2n, share: 0n },
    ]);
  });

  it('two donors in one transaction: each their own row for their own transfers, whoever sent more', () => {
    const pair = facts([{ source: 'A', destination: 'W', lamports: 10n }, { source: 'B', destination: 'W', lamports: 15n }], { accountKeys: new Set(['ref1']) });
    expect(classifyTransfers(pair, own)).toEqual([
      { campaignId: 1, kind: 'direct', from: 'A', to: 'W', sent: 10n, share: 10n },
      { campaignId: 1, kind: 'direct', from: 'B', to: 'W', sent: 15n, share: 15n },
    ]);
  });

  it('SOL from a platform address (a pool paying a sell, a refund, the treasury) is never a donation', () => {
    expect(classifyTransfers(facts([{ source: 'pool', destination: 'W', lamports: 9n }], { platformSenders: new Set(['pool']) }), own)).toEqual([]);
    // Another campaign's distributor is a platform address too: only this campaign's own pays its rewards.
    expect(classifyTransfers(facts([{ source: 'dist9', destination: 'W', lamports: 9n }], { platformSenders: new Set(['dist9']) }), own)).toEqual([]);
  });

  it('nothing sent before the campaign existed counts for it', () => {
    const later = new Map([['W', [campaign(5, 'W', true, new Date(5000))]]]);
    expect(classifyTransfers(facts([{ source: 'alice', destination: 'W', lamports: 7n }], { blockTime: new Date(4999) }), later)).toEqual([]);
    expect(classifyTransfers(facts([{ source: 'alice', destination: 'W', lamports: 7n }], { blockTime: new Date(5000) }), later)).toHaveLength(1);
  });

  it('adds up one transaction\'s transfers per campaign, kind and sender; ignores other wallets and self-transfers', () => {
    expect(classifyTransfers(facts([
      { source: 'alice', destination: 'W', lamports: 2n },
      { source: 'bob', destination: 'W', lamports: 3n },
      { source: 'alice', destination: 'W', lamports: 4n },
      { source: 'W', destination: 'W', lamports: 100n },
      { source: 'alice', destination: 'elsewhere', lamports: 100n },
    ]), own)).toEqual([
      { campaignId: 1, kind: 'direct', from: 'alice', to: 'W', sent: 6n, share: 6n },
      { campaignId: 1, kind: 'direct', from: 'bob', to: 'W', sent: 3n, share: 3n },
    ]);
  });
});
