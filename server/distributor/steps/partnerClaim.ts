import { eq } from 'drizzle-orm';
import { PublicKey } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import { formatSol } from '../../../core/money';
import { rentExemptLamports } from '../../../core/rent';
import { buildPartnerClaimTransaction } from '../../curve/partnerClaimTransaction';
import { wrappedSolAccountRent } from '../../curve/tokenAccountRent';
import { curvePools } from '../../db/schema';
import { FEE_PER_SIGNATURE, journalTx, landedOk, type RunRow, type StepContext } from '../journal';
import { closeJournal } from './closeJournal';

/** What the faucet gives the partner key on a test network when a claim needs more than it holds. */
const TEST_NETWORK_TOP_UP = LAMPORTS_PER_SOL / 100n;

/**
 * started -> paid, for the platform's share of a campaign's DBC pool (a 'partner_claim' run,
 * issue 36): the partner key (the run's distributor wallet: the config's fee claimer) claims the
 * pool's accrued partner fee and sends exactly that to the treasury, in one transaction journaled
 * before it is sent. A claim that landed before a crash is found by its signature and recorded,
 * never sent again; one that never landed is rebuilt with what the pool shows accrued then.
 * The run's figure is the platform's (platformFeeLamports); it donates nothing.
 *
 * The partner key pays the network fee (and, once per pool, its base-token account's rent), as it
 * pays for the configs and the migrations, so the treasury receives exactly the claim. After
 * graduation the curve's partner fee stays claimable and is claimed the same way; the platform
 * has no part of the DAMM v2 pool's fees (its configs lock all the liquidity for the creator role).
 */
export async function partnerClaim(ctx: StepContext): Promise<RunRow> {
  const { services, chain, run } = ctx;
  const paid = { donation: 0n, platformFee: run.platformFeeLamports ?? 0n };
  if (await landedOk(ctx, run.payoutSignature)) return closeJournal(ctx, paid);
  const [pool] = await services.db.select({ address: curvePools.poolWallet }).from(curvePools).where(eq(curvePools.mint, run.mint));
  if (!pool) throw new Error(`No pool for ${run.mint}`);
  const partner = ctx.distributor;
  const built = await buildPartnerClaimTransaction(services.chain.connection, { pool: new PublicKey(pool.address), partner: partner.publicKey, treasury: ctx.treasury.publicKey });
  // Only the fee claimer claims, so nothing accrued means nothing is owed.
  if (!built) return closeJournal(ctx, { donation: 0n, platformFee: 0n });
  await fundPartner(ctx, built.rentLamports);
  built.transaction.recentBlockhash = await chain.blockhash();
  const { wire } = await journalTx(ctx, 'claim', built.transaction, [partner], built.rentLamports,
    (signature) => ({ payoutSignature: signature, donationLamports: 0n, platformFeeLamports: built.lamports }));
  await chain.sendWire(wire, 'Platform fee claim');
  return closeJournal(ctx, { donation: 0n, platformFee: built.lamports });
}

/**
 * The partner key must hold the claim's network fee, the accounts it opens (the wrapped-SOL one
 * only for the length of the transaction) and stay rent-exempt. A test network's faucet tops it
 * up; on a cluster the operator funds it (docs/DEPLOY.md), and until then the run waits, saying so.
 */
async function fundPartner(ctx: StepContext, rentLamports: bigint): Promise<void> {
  const { services } = ctx;
  const partner = ctx.distributor.publicKey;
  const need = FEE_PER_SIGNATURE + rentLamports + await wrappedSolAccountRent(services.chain.connection, partner) + rentExemptLamports(0);
  const held = BigInt(await services.chain.connection.getBalance(partner, 'confirmed'));
  if (held >= need) return;
  if (services.chain.airdrop) return void await services.chain.airdrop(partner.toBase58(), TEST_NETWORK_TOP_UP > need ? TEST_NETWORK_TOP_UP : need);
  throw new Error(`The platform's partner key ${partner.toBase58()} holds ${formatSol(held)} SOL; its fee claim needs ${formatSol(need)} SOL for the network fee and rent`);
}
