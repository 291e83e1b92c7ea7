import { PublicKey } from '@solana/web3.js';
import { TRADER_TOKEN_ACCOUNT_RENT } from '../../../core/tradeCosts';
import { tokenAccountOf } from '../../chain/curve';
import { buildCollectFeesTransaction, readCampaignMint } from '../../chain/token';
import { chainHoldings } from '../../trading';
import { advanceRun, journalTx, landedOk, type RunRow, type StepContext } from '../journal';

/**
 * harvested -> withdrawn: the mint's withheld fees to the distributor wallet's token
 * account (created here when missing, its rent paid by the treasury, which also pays the
 * fee; the distributor signs as the withdraw-withheld authority). A withdraw that landed
 * before a crash is found by its journaled signature and not sent again.
 */
export async function withdraw(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  const mint = new PublicKey(run.mint);
  const destination = tokenAccountOf(mint, ctx.distributor.publicKey);
  if (!await landedOk(ctx, run.withdrawSignature)) {
    const withheld = (await readCampaignMint(services.chain.connection, mint))?.transferFee?.withheldInMint ?? 0n;
    const hasAccount = await chain.accountExists(destination.toBase58());
    if (withheld > 0n || !hasAccount) {
      const { transaction } = buildCollectFeesTransaction({
        mint, distributor: ctx.distributor.publicKey, sources: [], payer: ctx.treasury.publicKey,
      }, await chain.blockhash());
      // The distributor's token account has the trader accounts' layout (ImmutableOwner, TransferFeeAmount).
      const rent = hasAccount ? 0n : TRADER_TOKEN_ACCOUNT_RENT;
      const { wire } = await journalTx(ctx, 'withdraw', transaction, [ctx.treasury, ctx.distributor], rent,
        (signature) => ({ withdrawSignature: signature }));
      await chain.sendWire(wire, 'Fee withdraw');
    }
  }
  const { tokens } = await chainHoldings(services.chain)(ctx.distributor.publicKey.toBase58(), run.mint);
  return advanceRun(services, run.id, { state: 'withdrawn', withdrawnTokens: tokens });
}
