import { describe, expect, it } from 'vitest';
import type { AccountCampaign } from '../../api/account';
import { campaignStats, formatAccountTotalRaised, formatRaisedOfGoal } from './campaignStats';

const campaign = (goal: string, raised: string, isTest = false): AccountCampaign => ({
  id: 1, creator_wallet: 'w', ticker: 'ABC', name: 'A', title: 'A', verified: false, token_address: null, image_url: null,
  goal_lamports: goal, raised_lamports: raised, created_at: '2026-01-01T00:00:00.000Z', is_test: isTest,
});

describe('account campaign statistics', () => {
  it('counts campaigns, sums raised exactly and counts those at or past their goal', () => {
    const stats = campaignStats([
      campaign('10000000000', '10000000000'),
      campaign('5000000000', '7500000001'),
      campaign('20000000000', '100000000'),
      campaign('0', '0'),
    ]);
    expect(stats).toEqual({ created: 4, totalRaisedLamports: 17_600_000_001n, reachedGoal: 2 });
  });

  it('leaves test campaigns out', () => {
    expect(campaignStats([campaign('10000000000', '1000000000'), campaign('0', '0', true)])).toEqual({ created: 1, totalRaisedLamports: 1_000_000_000n, reachedGoal: 0 });
  });

  it('is zero for no campaigns', () => {
    expect(campaignStats([])).toEqual({ created: 0, totalRaisedLamports: 0n, reachedGoal: 0 });
  });

  it('shows the total raised to 1 decimal, rounded half up, and amounts to 3', () => {
    expect(formatAccountTotalRaised(0n)).toBe('0.0 SOL');
    expect(formatAccountTotalRaised(17_600_000_001n)).toBe('17.6 SOL');
    expect(formatAccountTotalRaised(2_250_000_000n)).toBe('2.3 SOL');
    expect(formatAccountTotalRaised(2_249_999_999n)).toBe('2.2 SOL');
    expect(formatRaisedOfGoal({ raised_lamports: '2250000000', goal_lamports: '10000000000' })).toBe('2.25 of 10 SOL');
  });
});
