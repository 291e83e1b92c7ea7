// The launch's steps after funding. Each one first looks at what is already done (on chain
// and in the database) and does only the rest, so re-running it after a crash or a failed
// attempt never does anything twice: the mint is read before it is created, the pool
// wallet's rent is topped up only when missing, the initial buy's quote and signature are
// stored before it is sent and looked up after, the campaign is found by request_id.

import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { TOKEN_TOTAL_SUPPLY, CAMPAIGN_TAX_BPS, INITIAL_BUY_MIN_SOL, OFFICIAL_TOKEN_TAX_BPS } from '../../core/constants';
import { parseSol, minBigint } from '../../core/money';
import type { BondingCurveType } from '../../core/enums';
import { splitWire, withSignature } from '../chain/curve';
import { signEd25519 } from '../chain/ed25519';
import { buildCampaignTokenTransactions, readCampaignMint, rentExemptLamports, signCampaignTokenPlan } from '../chain/token';
import { findQuote } from '../trading/bookStore';
import { launchRequests, type LaunchForm } from '../db/schema';
import { HttpError } from '../http/errors';
import { POOL_WALLET_RENT_LAMPORTS, TRADE_ERRORS, createCurvePool, findCurvePool } from '../trading';
import type { Services } from '../services';
import { saveLaunchedCampaign, type LaunchRow } from '../commands/saveLaunchedCampaign';
import { BUY_RESERVE_LAMPORTS, LAUNCH_BASE_LAMPORTS, SIGNATURE_FEE_LAMPORTS } from './amounts';
import type { LaunchChain } from './chainOps';
import { settleSentQuote } from './settleSentQuote';
import { LaunchFailure, LaunchRetry } from './errors';
import { metadataUri } from './metadata';
import { saveOfficialToken } from '../commands/saveOfficialToken';

/** `form` is null only for the refund of a request abandoned before create. */
export type StepContext = { services: Services; chain: LaunchChain; row: LaunchRow; form: LaunchForm | null };

function formOf(ctx: StepContext): LaunchForm {
  if (!ctx.form) throw new LaunchFailure(`Launch ${ctx.row.requestId} has no form`);
  return ctx.form;
}

/** The official token's tax is 10%, a campaign's 6% (spec 1, tax statements). */
const taxBpsOf = (form: LaunchForm) => (form.official ? OFFICIAL_TOKEN_TAX_BPS : CAMPAIGN_TAX_BPS);

const INITIAL_BUY_MIN_LAMPORTS = parseSol(INITIAL_BUY_MIN_SOL);
const RENT_EXEMPT_MINIMUM = rentExemptLamports(0);

async function update(services: Services, requestId: string, values: Partial<typeof launchRequests.$inferInsert>): Promise<void> {
  await services.db.update(launchRequests).set({ ...values, updatedAt: services.now() }).where(eq(launchRequests.requestId, requestId));
}

const keypairs = async ({ services, row }: StepContext) => ({
  funding: await services.keys.load(row.fundingWallet),
  mint: await services.keys.load(row.mint),
});

/** funded -> mint_created: the Token-2022 mint with its fee and metadata, the supply in the pool, no authorities. */
export async function createMint(ctx: StepContext): Promise<void> {
  const { services, chain, row } = ctx;
  const form = formOf(ctx);
  const read = () => readCampaignMint(services.chain.connection, row.mint);
  let mint = await read();
  let signature = row.mintSignature;
  if (!mint || mint.supply === 0n) {
    const { funding, mint: mintKey } = await keypairs(ctx);
    const treasury = await services.keys.treasury();
    let plan;
    try {
      plan = buildCampaignTokenTransactions({
        payer: funding.publicKey, mint: mintKey.publicKey, pool: (await services.keys.load(row.poolWallet)).publicKey,
        distributor: (await services.keys.load(row.distributorWallet)).publicKey,
        transferFeeBps: taxBpsOf(form), transferFeeConfigAuthority: null, metadataUpdateAuthority: treasury.publicKey,
        name: form.name, symbol: form.ticker, uri: metadataUri(services.env.publicUrl, row.mint),
      }, await chain.blockhash());
    } catch (err) {
      throw new LaunchFailure(`Token metadata refused: ${err instanceof Error ? err.message : String(err)}`);
    }
    const wires = signCampaignTokenPlan(plan, [funding, mintKey]);
    // A two-transaction plan whose first half landed before a crash: only the second is left.
    const todo = mint ? wires.slice(1) : wires;
    try {
      for (const wire of todo) signature = await chain.sendWire(wire, 'Token creation');
    } catch (err) {
      // Refused because the mint already exists whole (an earlier attempt landed after all): done, not failed.
      const landed = await read();
      if (!(landed && landed.supply === TOKEN_TOTAL_SUPPLY && landed.mintAuthority === null)) throw err;
    }
    mint = await read();
  }
  if (!mint || mint.supply !== TOKEN_TOTAL_SUPPLY || mint.mintAuthority !== null) {
    throw new LaunchRetry(`Mint ${row.mint} is not complete yet`);
  }
  await update(services, row.requestId, { state: 'mint_created', mintSignature: signature ?? null });
}

/** mint_created -> curve_seeded: the pool wallet's rent reserve, then the curve's row. */
export async function seedCurve(ctx: StepContext): Promise<void> {
  const { services, chain, row } = ctx;
  const form = formOf(ctx);
  const poolBalance = await chain.balance(row.poolWallet);
  if (poolBalance < POOL_WALLET_RENT_LAMPORTS) {
    await chain.transfer(await services.keys.load(row.fundingWallet), row.poolWallet, POOL_WALLET_RENT_LAMPORTS - poolBalance, 'Pool wallet rent');
  }
  if (!await findCurvePool(services.db, row.mint)) {
    await createCurvePool(services.db, {
      mint: row.mint, poolWallet: row.poolWallet, curveType: form.bondingCurveType as BondingCurveType, transferFeeBps: taxBpsOf(form),
    });
  }
  await update(services, row.requestId, { state: 'curve_seeded' });
}

/**
 * curve_seeded -> initial_buy_done: the creator's initial buy, a normal curve trade paid by
 * the funding wallet with the tokens going to the creator's wallet (taxed once, like any buy).
 */
export async function initialBuy(ctx: StepContext): Promise<void> {
  const { services, chain, row } = ctx;
  const book = services.trading.book;
  if (row.buyQuoteId && row.buySignature) {
    const done = await settlePreviousBuy(ctx, row.buyQuoteId, row.buySignature);
    if (done !== null) {
      await update(services, row.requestId, { state: 'initial_buy_done', buyTokens: done });
      return;
    }
  }
  const funding = await services.keys.load(row.fundingWallet);
  const available = await chain.balance(row.fundingWallet) - BUY_RESERVE_LAMPORTS;
  // Funded at 95% or more: the buy spends what the wallet can, never more than asked.
  const solIn = minBigint(row.initialBuyLamports, available);
  if (row.initialBuyLamports === 0n || solIn < INITIAL_BUY_MIN_LAMPORTS) {
    await update(services, row.requestId, { state: 'initial_buy_done', buyTokens: 0n });
    return;
  }
  const quote = await book.buildBuyQuote({
    mint: row.mint, trader: row.fundingWallet, recipient: row.creatorWallet, solIn, slippageBps: 10_000,
  }).catch(asLaunchError);
  const wire = Buffer.from(quote.transactionBase64, 'base64');
  const signature = signEd25519(funding, splitWire(wire).message);
  const signed = withSignature(wire, 0, signature);
  // Stored before the send: after a crash the quote and its signature tell whether it landed.
  await update(services, row.requestId, { buyQuoteId: quote.quoteId, buySignature: bs58.encode(signature) });
  const result = await book.execute(signed.toString('base64')).catch(asLaunchError);
  await update(services, row.requestId, { state: 'initial_buy_done', buyTokens: result.expectedOutput });
}

/** The tokens of a buy sent before (null when it never landed and a new one is due). */
async function settlePreviousBuy({ services, chain }: StepContext, quoteId: string, signature: string): Promise<bigint | null> {
  const sent = await settleSentQuote(services, chain, quoteId, signature);
  // On a cluster it may still land while its blockhash lives: decide once it expired.
  if (sent.kind === 'in-flight') throw new LaunchRetry('The initial buy is still in flight');
  if (sent.kind === 'failed') throw new LaunchFailure(`Initial buy failed: ${JSON.stringify(sent.err)}`);
  return sent.kind === 'settled' ? sent.output : null;
}

function asLaunchError(err: unknown): never {
  if (err instanceof HttpError && err.statusCode === 400) {
    throw new LaunchFailure(err.message === TRADE_ERRORS.failed ? 'Initial buy failed on chain' : err.message);
  }
  if (err instanceof HttpError) throw new LaunchRetry(err.message);
  throw err;
}

/** initial_buy_done -> campaign_saved. */
export async function saveCampaign(ctx: StepContext): Promise<number> {
  const { services, row } = ctx;
  const form = formOf(ctx);
  if (form.official) return saveOfficialToken(services, row);
  const quote = row.buyQuoteId ? await findQuote(services.db, row.buyQuoteId) : undefined;
  const initialBuyLamports = quote?.status === 'executed' ? quote.amountIn : 0n;
  return saveLaunchedCampaign(services.db, row, form, {
    publicUrl: services.env.publicUrl, now: services.now(), initialBuyLamports, backerMinLamports: services.env.BACKER_MIN_LAMPORTS,
  });
}

/**
 * campaign_saved -> created: what the chain did not use of the 0.05 SOL goes to the platform
 * treasury; anything of the creator's beyond the 0.05 and the initial buy (funded above the
 * amount, or a buy cut to the 95% funding) goes back to the creator. One transaction, so a
 * retry after a crash finds the wallet either untouched or empty.
 */
export async function sweepToTreasury(ctx: StepContext): Promise<void> {
  const { services, chain, row } = ctx;
  const funding = await services.keys.load(row.fundingWallet);
  const treasury = (await services.keys.treasury()).publicKey.toBase58();
  let sweepSignature: string | null = row.sweepSignature;
  const spendable = await chain.balance(row.fundingWallet) - SIGNATURE_FEE_LAMPORTS;
  if (spendable > 0n) {
    const quote = row.buyQuoteId ? await findQuote(services.db, row.buyQuoteId) : undefined;
    const buySpent = quote?.status === 'executed' ? quote.amountIn : 0n;
    const creatorsOwn = (row.fundedLamports ?? 0n) - LAUNCH_BASE_LAMPORTS - buySpent;
    let toCreator = creatorsOwn <= 0n ? 0n : minBigint(creatorsOwn, spendable);
    let toTreasury = spendable - toCreator;
    // A new treasury account cannot start below rent: such dust goes to the creator instead.
    if (toTreasury > 0n && toTreasury < RENT_EXEMPT_MINIMUM && await chain.balance(treasury) === 0n) {
      toCreator += toTreasury;
      toTreasury = 0n;
    }
    const legs = [{ to: treasury, lamports: toTreasury }, { to: row.creatorWallet, lamports: toCreator }].filter((l) => l.lamports > 0n);
    try {
      sweepSignature = await chain.transferMany(funding, legs, 'Treasury sweep');
    } catch (err) {
      // Refused on chain (e.g. a leg below an account's rent): the dust stays; the launch is done either way.
      if (!(err instanceof LaunchFailure)) throw err;
      services.log.warn({ err, requestId: row.requestId }, 'launch: treasury sweep refused');
    }
  }
  await update(services, row.requestId, { state: 'created', sweepSignature });
}

/** A funded request that cannot finish: everything left in its funding wallet back to the creator, minus the fee. */
export async function refund(ctx: StepContext): Promise<void> {
  const { services, chain, row } = ctx;
  const funding = await services.keys.load(row.fundingWallet);
  const swept = await chain.sweep(funding, row.creatorWallet, 'Refund');
  await update(services, row.requestId, {
    state: 'refunded',
    refundSignature: swept?.signature ?? row.refundSignature,
    refundedLamports: (row.refundedLamports ?? 0n) + (swept?.lamports ?? 0n),
  });
}
