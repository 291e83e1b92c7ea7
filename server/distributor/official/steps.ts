// The official token's run after its claim (dbcSteps.ts claims the pool fee and buys back):
// sold -> holders_paid -> bought_back -> burned -> paid. Every transaction is journaled
// before it is sent and each step first looks at what its journaled ones did, so a run
// resumed after a crash pays nothing twice. The treasury pays the network fees (as fee
// payer) except the buyback's, which the distributor wallet pays as any buyer, topped up by
// the treasury first.

import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, createBurnCheckedInstruction } from '@solana/spl-token';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { TOKEN_DECIMALS } from '../../../core/constants';
import { proRata, splitOfficial } from '../../../core/officialSplit';
import { rentExemptLamports } from '../../../core/rent';
import { tokenAccountOf } from '../../chain/tokenAccounts';
import { distributionRuns, verifiedCharities, type HolderPayout } from '../../db/schema';
import { advanceRun, findRun, journalTx, landedOk, updateRun, type RunRow, type StepContext } from '../journal';
import { closeJournal } from '../steps/closeJournal';
import { eligibleHolders } from './holders';
import { charityAfter } from './charityTurn';

/** SOL transfers per holder-rewards transaction (a legacy transaction holds ~20 within its 1,232 bytes). */
export const HOLDER_TRANSFERS_PER_TX = 16;
const RENT_EXEMPT_MINIMUM = rentExemptLamports(0);

const split = (run: RunRow) => splitOfficial(run.soldLamports ?? 0n);

/** An account that does not exist takes a transfer only of at least its rent-exempt minimum. */
async function canReceive(ctx: StepContext, wallet: string, lamports: bigint): Promise<boolean> {
  return lamports >= RENT_EXEMPT_MINIMUM || await ctx.chain.accountExists(wallet);
}

/**
 * sold -> holders_paid: 20% (plus the dust carried in) pro rata to the eligible holders,
 * in batches. The allocation is stored before the first batch is sent, so a resumed run
 * pays the same holders the same amounts; a batch whose journaled transaction landed is
 * not sent again.
 */
export async function payHolders(ctx: StepContext): Promise<RunRow> {
  const { services, chain } = ctx;
  let run = ctx.run;
  if (!run.holderPayouts) {
    const pool = split(run).holders + run.carriedInLamports;
    const shares = proRata(pool, await eligibleHolders(services, run.mint));
    const payable: HolderPayout[] = [];
    for (const s of shares) {
      if (s.lamports <= 0n || !await canReceive(ctx, s.owner, s.lamports)) continue;
      payable.push({ owner: s.owner, tokens: s.tokens.toString(), lamports: s.lamports.toString(), batch: Math.floor(payable.length / HOLDER_TRANSFERS_PER_TX) });
    }
    await updateRun(services, run.id, { holderRewardsLamports: pool, holderPayouts: payable });
    run = (await findRun(services, run.id))!;
  }
  const payouts = run.holderPayouts!;
  const batches = payouts.length === 0 ? 0 : payouts[payouts.length - 1]!.batch + 1;
  for (let batch = 0; batch < batches; batch++) {
    const sent = run.txs.filter((tx) => tx.step === 'holders' && tx.batch === batch);
    let landed = false;
    for (const tx of sent) if (await landedOk({ ...ctx, run }, tx.signature)) landed = true;
    if (landed) continue;
    const transaction = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await chain.blockhash() });
    for (const p of payouts.filter((x) => x.batch === batch)) {
      transaction.add(SystemProgram.transfer({ fromPubkey: ctx.distributor.publicKey, toPubkey: new PublicKey(p.owner), lamports: BigInt(p.lamports) }));
    }
    const { wire } = await journalTx({ ...ctx, run }, 'holders', transaction, [ctx.treasury, ctx.distributor], 0n, () => ({}), batch);
    await chain.sendWire(wire, 'Holder rewards');
  }
  const paid = payouts.reduce((sum, p) => sum + BigInt(p.lamports), 0n);
  return advanceRun(services, run.id, { state: 'holders_paid', holderPaidLamports: paid, carriedOutLamports: run.holderRewardsLamports! - paid });
}

/** The treasury sends the distributor what it lacks for the rest of the run. */
export async function topUp(ctx: StepContext, lamports: bigint): Promise<void> {
  const tx = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await ctx.chain.blockhash() })
    .add(SystemProgram.transfer({ fromPubkey: ctx.treasury.publicKey, toPubkey: ctx.distributor.publicKey, lamports }));
  const { wire } = await journalTx(ctx, 'top_up', tx, [ctx.treasury], lamports);
  await ctx.chain.sendWire(wire, 'Distributor top-up');
}

/** bought_back -> burned: the bought tokens burned from the distributor's token account (the supply falls). */
export async function burn(ctx: StepContext): Promise<RunRow> {
  const { run, chain } = ctx;
  const tokens = run.buybackTokens ?? 0n;
  if (tokens > 0n && !await landedOk(ctx, run.burnSignature)) {
    const mint = new PublicKey(run.mint);
    const account = tokenAccountOf(mint, ctx.distributor.publicKey);
    const tx = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await chain.blockhash() })
      .add(createBurnCheckedInstruction(account, mint, ctx.distributor.publicKey, tokens, TOKEN_DECIMALS, [], TOKEN_2022_PROGRAM_ID));
    const { wire } = await journalTx(ctx, 'burn', tx, [ctx.treasury, ctx.distributor], 0n, (signature) => ({ burnSignature: signature }));
    await chain.sendWire(wire, 'Buyback burn');
  }
  return advanceRun(ctx.services, run.id, { state: 'burned' });
}

/** The verified charity whose turn it is: the active list by display order, after the last one paid. */
async function nextCharity(ctx: StepContext): Promise<{ name: string; wallet: string } | null> {
  const { db } = ctx.services;
  const all = await db.select({ name: verifiedCharities.name, wallet: verifiedCharities.walletAddress, active: verifiedCharities.isActive })
    .from(verifiedCharities).orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
  const [last] = await db.select({ wallet: distributionRuns.charityWallet }).from(distributionRuns)
    .where(and(eq(distributionRuns.kind, 'official'), eq(distributionRuns.state, 'paid'), gt(distributionRuns.charityLamports, 0n)))
    .orderBy(desc(distributionRuns.paidAt)).limit(1);
  const next = charityAfter(all, last?.wallet ?? null);
  return next && { name: next.name, wallet: next.wallet };
}

/**
 * burned -> paid: 30% (plus any charity share carried in) to the charity whose turn it is
 * and 30% to the treasury, in one transaction. The charity is chosen and stored before the
 * send; with no active charity (or one whose new account the share cannot open) the
 * charity share waits in the distributor wallet for the next run.
 */
export async function payCharityAndPlatform(ctx: StepContext): Promise<RunRow> {
  const { services, chain } = ctx;
  let run = ctx.run;
  const { charity: share, platform } = split(run);
  const charityTotal = share + run.charityCarriedInLamports;
  if (!await landedOk(ctx, run.payoutSignature)) {
    const chosen = run.charityWallet ? { name: run.charityName!, wallet: run.charityWallet } : await nextCharity(ctx);
    const pay = chosen && charityTotal > 0n && await canReceive(ctx, chosen.wallet, charityTotal) ? chosen : null;
    const tx = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await chain.blockhash() });
    if (pay) tx.add(SystemProgram.transfer({ fromPubkey: ctx.distributor.publicKey, toPubkey: new PublicKey(pay.wallet), lamports: charityTotal }));
    if (platform > 0n) tx.add(SystemProgram.transfer({ fromPubkey: ctx.distributor.publicKey, toPubkey: ctx.treasury.publicKey, lamports: platform }));
    const charityLamports = pay ? charityTotal : 0n;
    const values = {
      charityWallet: pay?.wallet ?? null, charityName: pay?.name ?? null, charityLamports,
      charityCarriedOutLamports: charityTotal - charityLamports,
    };
    if (tx.instructions.length > 0) {
      const { wire } = await journalTx(ctx, 'payout', tx, [ctx.treasury, ctx.distributor], 0n, (signature) => ({ ...values, payoutSignature: signature }));
      await chain.sendWire(wire, 'Charity and platform payout');
    } else {
      await updateRun(services, run.id, values);
    }
    run = (await findRun(services, run.id))!;
  }
  return closeJournal({ ...ctx, run }, { donation: run.charityLamports ?? 0n, platformFee: platform });
}
