/**
 * How far behind the tip the root is: a validator roots a slot once 32 votes are stacked on
 * it (MAX_LOCKOUT_HISTORY + 1), and slotNotification's `root` is this far back as well.
 */
export const ROOT_DEPTH = 32n;

export type ConfirmationStatus = 'processed' | 'confirmed' | 'finalized';

/** The root when the tip is `current`: ROOT_DEPTH behind it, never below what a restart rooted (`LocalLedger.restartRoot`). */
export function rootOf(current: bigint, restartRoot: bigint): bigint {
  const root = current - ROOT_DEPTH;
  return root > restartRoot ? root : restartRoot;
}

/** Whether a transaction that landed in `landed` is rooted (finalized) at `current`. */
export function isRooted(landed: bigint, current: bigint, restartRoot: bigint): boolean {
  return landed <= rootOf(current, restartRoot);
}

/**
 * A committed transaction's commitment at `current`. It is 'confirmed' from the moment it is
 * reported: nothing is reported before it is durable, and nothing durable is ever rolled back,
 * which is all optimistic confirmation promises (this ledger is its only voter). Agave's
 * `confirmations` counts the blocks confirmed on top of it (0 in its own slot) until the root
 * passes it; then it is null and the status 'finalized'.
 */
export function confirmationOf(landed: bigint, current: bigint, restartRoot: bigint): { confirmations: number | null; confirmationStatus: ConfirmationStatus } {
  if (isRooted(landed, current, restartRoot)) return { confirmations: null, confirmationStatus: 'finalized' };
  return { confirmations: Number(current > landed ? current - landed : 0n), confirmationStatus: 'confirmed' };
}
