import { describe, expect, it } from 'vitest';
import { classifyTransfers, type WatchedCampaign } from './classify';

const campaign = (id: number, wallet: string, ownWallet: boolean): WatchedCampaign => ({
  id, donationWallet: wallet, distributorWallet: `dist${id}`, reference: `ref${id}`, ownWallet,
});

describe('classifyTransfers', () => {
  const own = new Map([['W', [campaign(1, 'W', true)]]]);
  const shared = new Map([['C', [campaign(2, 'C', false), campaign(3, 'C', false)]]]);

  it('a transfer from the distributor is a reward, anyone else\'s a direct donation', () => {
    expect(classifyTransfers([{ source: 'dist1', destination: 'W', lamports: 5n }, { source: 'alice', destination: 'W', lamports: 7n }], new Set(), own))
      .toEqual([
        { campaignId: 1, kind: 'reward', from: 'dist1', to: 'W', lamports: 5n },
        { campaignId: 1, kind: 'direct', from: 'alice', to: 'W', lamports: 7n },
      ]);
  });

  it('on a shared wallet only the reference names the campaign; a plain transfer is nobody\'s', () => {
    expect(classifyTransfers([{ source: 'alice', destination: 'C', lamports: 7n }], new Set(), shared)).toEqual([]);
    expect(classifyTransfers([{ source: 'alice', destination: 'C', lamports: 7n }], new Set(['ref3']), shared))
      .toEqual([{ campaignId: 3, kind: 'direct', from: 'alice', to: 'C', lamports: 7n }]);
    expect(classifyTransfers([{ source: 'dist2', destination: 'C', lamports: 1n }], new Set(), shared))
      .toEqual([{ campaignId: 2, kind: 'reward', from: 'dist2', to: 'C', lamports: 1n }]);
  });

  it('a charity wallet that serves one campaign is still not its own', () => {
    const charity = new Map([['C', [campaign(4, 'C', false)]]]);
    expect(classifyTransfers([{ source: 'alice', destination: 'C', lamports: 7n }], new Set(), charity)).toEqual([]);
  });

  it('adds up one transaction\'s transfers per campaign and kind; ignores other wallets and self-transfers', () => {
    expect(classifyTransfers([
      { source: 'alice', destination: 'W', lamports: 2n },
      { source: 'bob', destination: 'W', lamports: 3n },
      { source: 'W', destination: 'W', lamports: 100n },
      { source: 'alice', destination: 'elsewhere', lamports: 100n },
    ], new Set(), own)).toEqual([{ campaignId: 1, kind: 'direct', from: 'alice', to: 'W', lamports: 5n }]);
  });
});
