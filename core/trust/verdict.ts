// The panel's headline when it lists no warning sign (issue 34): an all-clear only when every
// section had something to judge and found nothing. A young token with too few holders for
// the concentration rules to mean anything says so instead.

import { holdersText } from '../holders';
import type { TrustFacts } from './facts';
import { CONCENTRATION_MIN_HOLDERS, type TrustFlag } from './flags';

export const ALL_CLEAR_SENTENCE = 'No warning signs in this token\'s trades, holders or cause.';
export const HOLDERS_UNKNOWN_SENTENCE = 'The holders could not be read just now: nothing can be said yet about who holds this token.';

export type TrustVerdict = {
  /** 'warnings': flags to list; otherwise the headline is `sentence`. */
  kind: 'warnings' | 'all_clear' | 'too_early' | 'holders_unknown';
  sentence: string | null;
  /** Below CONCENTRATION_MIN_HOLDERS: "Too early to judge holder concentration: 3 holders", shown with any flags too. */
  concentration: string | null;
};

export function tooEarlySentence(holderCount: number): string {
  return `Too early to judge holder concentration: ${holdersText(holderCount)}`;
}

export function trustVerdict(facts: Pick<TrustFacts, 'holders'>, flags: readonly TrustFlag[]): TrustVerdict {
  const h = facts.holders;
  const concentration = h && h.holderCount < CONCENTRATION_MIN_HOLDERS ? tooEarlySentence(h.holderCount) : null;
  if (flags.length > 0) return { kind: 'warnings', sentence: null, concentration };
  if (!h) return { kind: 'holders_unknown', sentence: HOLDERS_UNKNOWN_SENTENCE, concentration: null };
  if (concentration) return { kind: 'too_early', sentence: concentration, concentration };
  return { kind: 'all_clear', sentence: ALL_CLEAR_SENTENCE, concentration: null };
}
