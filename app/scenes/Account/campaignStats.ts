import { formatSolAmount } from '../../../core/format';
import { funding, raisedOfGoalText } from '../../../core/funding';
import type { AccountCampaign } from '../../api/account';

export type CampaignStats = { created: number; totalRaisedLamports: bigint; reachedGoal: number };

/** Exact totals over the creator's launched campaigns (test campaigns raise nothing and are not counted): lamports as bigint, never floats. */
export function campaignStats(all: readonly AccountCampaign[]): CampaignStats {
  const campaigns = all.filter((c) => !c.is_test);
  let totalRaisedLamports = 0n;
  let reachedGoal = 0;
  for (const campaign of campaigns) {
    const raised = BigInt(campaign.raised_lamports);
    const goal = BigInt(campaign.goal_lamports);
    totalRaisedLamports += raised;
    if (goal > 0n && raised >= goal) reachedGoal += 1;
  }
  return { created: campaigns.length, totalRaisedLamports, reachedGoal };
}

/** Spec 1 section 9: the account's total raised shows 1 decimal. */
export function formatAccountTotalRaised(lamports: bigint): string {
  return `${formatSolAmount(lamports, 1)} SOL`;
}

/** A campaign's 'raised of goal' line, as its card says it ('2.25 of 10 SOL'). */
export function formatRaisedOfGoal(campaign: Pick<AccountCampaign, 'raised_lamports' | 'goal_lamports'>): string {
  return raisedOfGoalText(funding(BigInt(campaign.raised_lamports), BigInt(campaign.goal_lamports)));
}
