import { asc, eq } from 'drizzle-orm';
import { verifiedCharities } from '../db/schema';
import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';
import { charityOr404, lockCharities, type Tx } from './charityRows';

export type MoveDirection = 'up' | 'down';

export type MoveResult = { moved: boolean; order: { id: number; display_order: number }[] };

/** Test seam: runs inside the transaction after the first of the two writes (a failure there must undo it). */
export type MoveHooks = { afterFirstWrite?: (tx: Tx) => Promise<void> };

/**
 * Swaps a charity's display order with its neighbour's in one transaction with the audit
 * row, so a failure between the two writes leaves both as they were. Moving the first row
 * up or the last down changes no order (the audit row says moved: false).
 */
export async function moveCharity(services: Services, actor: AdminActor, id: number, direction: MoveDirection, hooks: MoveHooks = {}): Promise<MoveResult> {
  let changed: { id: number; from: number; to: number }[] = [];
  const run = async (tx: Tx): Promise<MoveResult> => {
    await lockCharities(tx);
    await charityOr404(tx, id);
    const rows = await tx.select({ id: verifiedCharities.id, displayOrder: verifiedCharities.displayOrder })
      .from(verifiedCharities).orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
    const at = rows.findIndex((r) => r.id === id);
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other < 0 || other >= rows.length) return { moved: false, order: [] };

    const a = rows[at]!;
    const b = rows[other]!;
    if (a.displayOrder !== b.displayOrder) {
      changed = [{ id: a.id, from: a.displayOrder, to: b.displayOrder }, { id: b.id, from: b.displayOrder, to: a.displayOrder }];
    } else {
      // Rows written by hand may share a place: number the list 1..n with the two swapped.
      [rows[at], rows[other]] = [b, a];
      changed = rows.map((r, i) => ({ id: r.id, from: r.displayOrder, to: i + 1 })).filter((c) => c.from !== c.to);
    }
    const now = services.now();
    for (const [i, c] of changed.entries()) {
      await tx.update(verifiedCharities).set({ displayOrder: c.to, updatedAt: now }).where(eq(verifiedCharities.id, c.id));
      if (i === 0) await hooks.afterFirstWrite?.(tx);
    }
    return { moved: true, order: changed.map((c) => ({ id: c.id, display_order: c.to })) };
  };

  const result = await adminWrite(services.db, actor, (r: MoveResult) => ({
    action: 'charity_moved',
    target: `charity:${id}`,
    details: { direction, moved: r.moved, before: changed.map((c) => ({ id: c.id, display_order: c.from })), after: r.order },
  }), run);
  if (result.moved) await services.events.publish({ type: 'charities_changed' });
  return result;
}
