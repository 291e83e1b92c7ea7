// How an official token distribution run shares the SOL its sell received (spec 1,
// official token configuration): holder rewards 20%, buyback 20%, charity giveaways 30%,
// platform 30% (the platform takes the rounding, so the four add up to the lamport).

export const OFFICIAL_SHARE_PERCENT = { holders: 20, buyback: 20, charity: 30, platform: 30 } as const;

export type OfficialSplit = { holders: bigint; buyback: bigint; charity: bigint; platform: bigint };

export function splitOfficial(soldLamports: bigint): OfficialSplit {
  if (soldLamports < 0n) throw new RangeError('soldLamports must not be negative');
  const part = (percent: number) => (soldLamports * BigInt(percent)) / 100n;
  const holders = part(OFFICIAL_SHARE_PERCENT.holders);
  const buyback = part(OFFICIAL_SHARE_PERCENT.buyback);
  const charity = part(OFFICIAL_SHARE_PERCENT.charity);
  return { holders, buyback, charity, platform: soldLamports - holders - buyback - charity };
}

export type Holding = { owner: string; tokens: bigint };

/**
 * Each holder's share of `pool`, pro rata to their tokens, rounded down: what is left
 * (less than one lamport per holder) is the dust a run carries to the next.
 */
export function proRata(pool: bigint, holdings: Holding[]): { owner: string; tokens: bigint; lamports: bigint }[] {
  const total = holdings.reduce((sum, h) => sum + h.tokens, 0n);
  if (total === 0n || pool <= 0n) return [];
  return holdings.map((h) => ({ ...h, lamports: (pool * h.tokens) / total }));
}
