import { GRADUATION_THRESHOLD_SOL } from './constants';

const [FAST, SLOW] = [GRADUATION_THRESHOLD_SOL[1], GRADUATION_THRESHOLD_SOL[2]];

/**
 * What graduation is, and why it is not the goal: a page that shows '20 SOL toward
 * graduation' beside '100 SOL goal' must say how the two differ.
 */
export function graduationExplained(thresholdSol: number): string {
  return `Graduation is a market milestone: once buyers have put ${thresholdSol} SOL into the bonding curve, its last tokens are sold `
    + 'and the token keeps trading on a pool whose liquidity stays locked. '
    + `The creator picks the curve: ${FAST} SOL graduates sooner; ${SLOW} SOL keeps the curve's gentler prices for longer. `
    + 'It is not the fundraising goal: the goal counts the SOL that has reached the cause.';
}

/** How It Works' short form, for both curves. */
export const GRADUATION_IN_SHORT = `When the curve fills (${FAST} or ${SLOW} SOL of buys, the creator's choice) the token graduates and keeps trading with locked liquidity. `
  + 'Graduation is a market milestone, separate from the campaign\'s fundraising goal, which counts the SOL that has reached the cause.';
