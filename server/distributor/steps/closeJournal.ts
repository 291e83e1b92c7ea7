import { eq } from 'drizzle-orm';
import { distributionRuns } from '../../db/schema';
import { announceNotifications } from '../../notifications/events';
import { recordPayoutLanded } from '../../notifications/facts';
import { advanceRun, findRun, type RunRow, type StepContext } from '../journal';

/**
 * Sums what the run cost from the transactions that landed (a journaled one that never
 * landed cost nothing): network fees, top-ups of the distributor wallet, token account rent.
 */
export async function closeJournal(ctx: StepContext, split: { donation: bigint; platformFee: bigint }): Promise<RunRow> {
  const { services, run } = ctx;
  const { txs } = (await findRun(services, run.id))!;
  let networkFee = 0n;
  let topUps = 0n;
  let rent = 0n;
  for (let i = 0; i < txs.length; i += 256) {
    const batch = txs.slice(i, i + 256);
    const { value } = await services.chain.connection.getSignatureStatuses(batch.map((t) => t.signature), { searchTransactionHistory: true });
    batch.forEach((entry, j) => {
      const status = value[j];
      if (!status) return;
      networkFee += BigInt(entry.fee);
      if (status.err) return;
      if (entry.step === 'top_up') topUps += BigInt(entry.lamports);
      if (entry.step === 'withdraw' || entry.step === 'claim') rent += BigInt(entry.lamports);
    });
  }
  const values = {
    state: 'paid' as const, paidAt: services.now(), donationLamports: split.donation, platformFeeLamports: split.platformFee,
    networkFeeLamports: networkFee, topUpLamports: topUps, tokenAccountRentLamports: rent,
  };
  if (run.kind === 'official' || run.campaignId === null || split.donation === 0n) return advanceRun(services, run.id, values);
  // The cause's followers hear of the payout in the same transaction that records it paid:
  // a crash leaves both or neither, and the run's id keys the fact, so never twice.
  const { row, told } = await services.db.transaction(async (tx) => {
    const [paid] = await tx.update(distributionRuns).set({ ...values, updatedAt: services.now() }).where(eq(distributionRuns.id, run.id)).returning();
    const id = await recordPayoutLanded(tx, services.env, { id: run.id, campaignId: run.campaignId!, donationLamports: split.donation }, services.now());
    return { row: paid!, told: id !== null };
  });
  if (told) await announceNotifications(services).catch((err: unknown) => services.log.warn({ err }, 'distributor: notification event failed'));
  return row;
}
