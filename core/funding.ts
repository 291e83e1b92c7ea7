// What a campaign raised against its goal, as every page shows it (cards, the funding card,
// the account's campaigns): exact bigint lamports, cut, never rounded up, so nothing reads as
// reached before it is.

import { DEFAULT_GOAL_SOL, LAMPORTS_PER_SOL } from './constants';
import { formatSol } from './money';
import { formatSolFixed } from './format';

/** The goal a page shows: a campaign without one (0, as imported rows may be) has the default goal (spec 1). */
export function shownGoalLamports(goal: bigint): bigint {
  return goal > 0n ? goal : BigInt(DEFAULT_GOAL_SOL) * LAMPORTS_PER_SOL;
}

export type Funding = {
  raised: bigint;
  goal: bigint;
  /** Raised over goal in tenths of a percent, cut: 99.96% is 999. */
  permille: bigint;
  reached: boolean;
};

export function funding(raisedLamports: bigint, goalLamports: bigint): Funding {
  const goal = shownGoalLamports(goalLamports);
  const raised = raisedLamports > 0n ? raisedLamports : 0n;
  return { raised, goal, permille: (raised * 1000n) / goal, reached: raised >= goal };
}

/** '2.3%', '99.9%', '100%', '150.5%': one decimal, cut; a whole number drops its '.0'. */
export function fundingPercentText({ permille }: Pick<Funding, 'permille'>): string {
  const tenth = permille % 10n;
  return `${permille / 10n}${tenth === 0n ? '' : `.${tenth}`}%`;
}

/** The bar's width in percent, 0..100. */
export function fundingBarPercent({ permille }: Pick<Funding, 'permille'>): number {
  return Math.min(100, Number(permille) / 10);
}

/** '2.84 of 120 SOL': raised to 2 decimals as spec 1 shows total raised, the goal without trailing zeros. */
export function raisedOfGoalText({ raised, goal }: Pick<Funding, 'raised' | 'goal'>): string {
  return `${formatSolFixed(raised, 2)} of ${formatSol(goal, 2)} SOL`;
}

/** What 'backers' counts, said wherever the number is shown. */
export const BACKERS_NOTE = 'Backers: supporters other than the creator and the cause.';

/** The backers figure's tooltip, with the floor a supporter must reach. */
export function backersTitle(minSol: string): string {
  return `Supporters other than the creator and the cause who put at least ${minSol} SOL in, donations and buys together`;
}
