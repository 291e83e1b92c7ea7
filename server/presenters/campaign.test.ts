import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/app';

describe('a campaign as the API presents it', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('shows the default goal (100 SOL) for a campaign without one, so its page has a goal to measure', async () => {
    await t.services.db.insert(campaigns).values([
      { creatorWallet: 'w1', ticker: 'NOGOAL', name: 'No Goal', goalLamports: 0n, tokenAddress: 'MintNoGoal' },
      { creatorWallet: 'w2', ticker: 'GOAL', name: 'Two SOL', goalLamports: 2_000_000_000n, tokenAddress: 'MintGoal' },
    ]);
    const shown = async (mint: string) => (await t.app.inject({ method: 'GET', url: `/api/campaigns/${mint}` })).json();
    expect(await shown('MintNoGoal')).toMatchObject({ goal: 100, goal_amount: 100, campaignGoal: 100, goal_lamports: '100000000000' });
    expect(await shown('MintGoal')).toMatchObject({ goal: 2, goal_lamports: '2000000000' });
  });
});
