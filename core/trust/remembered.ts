// Flags of the dump kind are remembered (issue 34): once raised, a campaign keeps showing them,
// with the day they were first raised, whatever its creator or a funded group hold later. A
// dump does not stop having happened when the seller buys back in or others buy after them.

import { formatDayUtc } from '../format';
import type { TrustFlag } from './flags';

/** The creator (with the wallets they funded) sold or moved more than half, a funded group dumped. */
export const REMEMBERED_FLAG_IDS: readonly string[] = ['creator_sold', 'creator_moved', 'funding_cluster_sold'];

export type RememberedFlag = { id: string; sentence: string; since: Date };

/** The flags of the remembered kind among these, to be kept with the time of this computation if new. */
export function flagsToRemember(flags: readonly TrustFlag[]): TrustFlag[] {
  return flags.filter((f) => REMEMBERED_FLAG_IDS.includes(f.id));
}

/**
 * The flags to show: the ones raised now, each remembered one with its first day (the current
 * sentence while it is raised, the remembered one after), and the remembered ones no longer
 * raised, high as they were. Most severe first, as trustFlags orders them.
 */
export function withRememberedFlags(current: readonly TrustFlag[], remembered: readonly RememberedFlag[]): TrustFlag[] {
  const byId = new Map(remembered.map((r) => [r.id, r]));
  const dated = (flag: TrustFlag, since: Date): TrustFlag => ({ ...flag, sentence: `${flag.sentence} Flagged since ${formatDayUtc(since)}.`, since: since.toISOString() });
  const shown = current.map((flag) => {
    const r = byId.get(flag.id);
    return r ? dated(flag, r.since) : flag;
  });
  const raised = new Set(current.map((f) => f.id));
  const past = remembered.filter((r) => !raised.has(r.id)).sort((a, b) => a.since.getTime() - b.since.getTime())
    .map((r) => dated({ id: r.id, severity: 'high', sentence: r.sentence }, r.since));
  const firstLow = shown.findIndex((f) => f.severity !== 'high');
  return firstLow < 0 ? [...shown, ...past] : [...shown.slice(0, firstLow), ...past, ...shown.slice(firstLow)];
}
