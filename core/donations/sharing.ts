// How one transaction's net gain is divided among the transfers that paid into the
// donation wallet: exact bigint shares that never sum above the gain.

/**
 * `total` shared in proportion to `weights` (each at most its weight): every weight in full
 * when `total` covers them all, none of it when `total` is 0 or less. Otherwise the shares
 * are rounded down and the lamports rounding left over go one each to the largest
 * remainders, ties to the earlier weight, so the shares sum to `total` exactly and the
 * same inputs always give the same shares (order the weights deterministically).
 */
export function shareInProportion(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.some((w) => w < 0n)) throw new RangeError('weights must not be negative');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (total >= sum) return [...weights];
  if (total <= 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const byRemainder = weights.map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * A wallet's gain in one transaction, divided: the distributor's payouts (`rewards`) have
 * first claim, as they always had; direct donations share what is left in proportion to
 * what each carried. Both lists come back share for share, in the order given.
 */
export function splitGain(gain: bigint, rewards: readonly bigint[], directs: readonly bigint[]): { rewards: bigint[]; directs: bigint[] } {
  const rewardShares = shareInProportion(gain, rewards);
  const left = gain - rewardShares.reduce((a, b) => a + b, 0n);
  return { rewards: rewardShares, directs: shareInProportion(left, directs) };
}

type Transfer = { source: string; destination: string; lamports: bigint };

/**
 * What `wallet` sent each other address in one transaction, less what that address sent
 * it in the same transaction: SOL that went straight back is no outflow (the transaction's
 * own gain already netted it). Only positive amounts are kept.
 */
export function netOutflows(wallet: string, transfers: readonly Transfer[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const t of transfers) {
    if (t.source === t.destination) continue;
    if (t.source === wallet) net.set(t.destination, (net.get(t.destination) ?? 0n) + t.lamports);
    else if (t.destination === wallet) net.set(t.source, (net.get(t.source) ?? 0n) - t.lamports);
  }
  for (const [address, lamports] of net) if (lamports <= 0n) net.delete(address);
  return net;
}
