import { PublicKey, Transaction } from '@solana/web3.js';
import { MAX_HARVEST_SOURCES_PER_TX, harvestWithheldInstruction, readCampaignMint } from '../../chain/token';
import { findWithheldAccounts } from '../withheld';
import { advanceRun, journalTx, updateRun, type RunRow, type StepContext } from '../journal';

/**
 * started -> harvested: the fees withheld in the mint's token accounts move into the mint,
 * in batches of MAX_HARVEST_SOURCES_PER_TX, the treasury paying. The accounts are the
 * pass's scan (fees withheld after it wait for the next run), or a fresh scan when the run
 * is resumed partway. Harvesting is harmless to repeat: after a crash the accounts are
 * scanned again and only what is still withheld is harvested.
 */
export async function harvest(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  const mint = new PublicKey(run.mint);
  const accounts = (run.harvestedAccounts === 0 ? ctx.withheld : undefined)
    ?? (await findWithheldAccounts(services.chain, [run.mint])).get(run.mint) ?? [];
  let harvested = run.harvestedAccounts;
  for (let i = 0; i < accounts.length; i += MAX_HARVEST_SOURCES_PER_TX) {
    const batch = accounts.slice(i, i + MAX_HARVEST_SOURCES_PER_TX).map((a) => a.address);
    const tx = new Transaction({ feePayer: ctx.treasury.publicKey, recentBlockhash: await chain.blockhash() })
      .add(harvestWithheldInstruction(mint, batch));
    const { wire } = await journalTx(ctx, 'harvest', tx, [ctx.treasury]);
    await chain.sendWire(wire, 'Fee harvest');
    harvested += batch.length;
    // The last batch's count is stored with the state, below.
    if (i + MAX_HARVEST_SOURCES_PER_TX < accounts.length) await updateRun(services, run.id, { harvestedAccounts: harvested });
  }
  const withheld = (await readCampaignMint(services.chain.connection, mint))?.transferFee?.withheldInMint ?? 0n;
  return advanceRun(services, run.id, { state: 'harvested', harvestedAccounts: harvested, withheldTokens: withheld });
}
