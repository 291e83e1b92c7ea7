import { eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { buildClaimTransaction } from '../../curve/claimTransaction';
import { buildPositionClaimTransaction } from '../../curve/positionClaimTransaction';
import { curvePools } from '../../db/schema';
import { advanceRun, journalTx, landedOk, type RunRow, type StepContext } from '../journal';
import { closeJournal } from './closeJournal';

/**
 * started -> paid, for a campaign on its own DBC pool (issue 36): the distributor key claims the
 * creator role's accrued SOL fee (after graduation, its locked DAMM v2 position's) and sends
 * exactly that to the donation wallet, in one
 * transaction journaled before it is sent. A claim that landed before a crash is found by its
 * signature and recorded, never sent again; one that never landed is rebuilt with what the
 * pool shows accrued then. Nothing is sold.
 */
export async function claim(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  if (await landedOk(ctx, run.payoutSignature)) return closeJournal(ctx, { donation: run.donationLamports ?? 0n, platformFee: 0n });
  const [pool] = await services.db.select({ address: curvePools.poolWallet, dammPool: curvePools.dammPool }).from(curvePools).where(eq(curvePools.mint, run.mint));
  if (!pool) throw new Error(`No pool for ${run.mint}`);
  const parties = { distributor: ctx.distributor.publicKey, payer: ctx.treasury.publicKey, donationWallet: new PublicKey(run.donationWallet) };
  // The curve's creator fee first (what it accrued up to graduation stays claimable), then, once
  // graduated, the locked DAMM v2 position's.
  const built = await buildClaimTransaction(services.chain.connection, { pool: new PublicKey(pool.address), ...parties })
    ?? (pool.dammPool ? await buildPositionClaimTransaction(services.chain.connection, { dammPool: new PublicKey(pool.dammPool), ...parties }) : null);
  // Claimed by someone else meanwhile cannot happen (only the creator role claims), so nothing accrued means nothing is owed.
  if (!built) return advanceRun(services, run.id, { state: 'paid', paidAt: services.now(), donationLamports: 0n, platformFeeLamports: 0n });
  built.transaction.recentBlockhash = await chain.blockhash();
  const { wire } = await journalTx(ctx, 'claim', built.transaction, [ctx.treasury, ctx.distributor], built.rentLamports,
    (signature) => ({ payoutSignature: signature, donationLamports: built.lamports, platformFeeLamports: 0n }));
  await chain.sendWire(wire, 'Fee claim');
  const pause = services.env.DISTRIBUTOR_TEST_CLAIM_PAUSE_MS;
  if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
  return closeJournal(ctx, { donation: built.lamports, platformFee: 0n });
}
