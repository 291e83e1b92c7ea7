// The local demo market: on the first start in local mode, the catalog's campaigns are
// launched on their own DBC pools through the real launch flow (prepare, the creator's one
// signed launch transaction, complete) by demo creator wallets, then demo traders swap into
// them (one all the way to graduation). Idempotent: a campaign whose demo creator already
// launched it is skipped, and a launch that landed without its complete is completed, so a
// start interrupted half-way finishes the rest next time and never launches one twice.

import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { solToLamports } from '../../core/money';
import { completeDbcLaunch } from '../curve/completeLaunch';
import { readCurveState } from '../curve/curveState';
import { CREATION_FEE_LAMPORTS, prepareDbcLaunch } from '../curve/launchCampaign';
import { campaigns, curvePools, launchRequests, verifiedCharities } from '../db/schema';
import { graduateCompleteCurves } from '../jobs/graduateCurves';
import type { Services } from '../services';
import { DEMO_CAMPAIGNS, type DemoCampaign } from './catalog';
import { airdrop, buy, demoWallet, ensureSol } from './market';
import { gradientLogo } from './png';
import { storeGeneratedPng } from './storeGeneratedPng';

export const DEMO_TRADERS = 6;

export type SeedResult = { launched: string[]; skipped: string[] };

export async function seedDemoMarket(services: Services, catalog: DemoCampaign[] = DEMO_CAMPAIGNS): Promise<SeedResult> {
  const result: SeedResult = { launched: [], skipped: [] };
  const charities = await services.db.select({ wallet: verifiedCharities.walletAddress }).from(verifiedCharities)
    .where(eq(verifiedCharities.isActive, true)).orderBy(verifiedCharities.displayOrder);
  for (const [index, entry] of catalog.entries()) {
    const creator = await demoWallet(services, `creator-${entry.ticker}`);
    const [existing] = await services.db.select({ id: campaigns.id }).from(campaigns)
      .where(and(eq(campaigns.creatorWallet, creator.publicKey.toBase58()), eq(campaigns.ticker, entry.ticker)));
    if (existing) {
      result.skipped.push(entry.ticker);
      continue;
    }
    const donationWallet = entry.verified && charities.length
      ? charities[index % charities.length]!.wallet
      : (await demoWallet(services, `beneficiary-${entry.ticker}`)).publicKey.toBase58();
    const mint = await launch(services, entry, creator, donationWallet);
    if (entry.verified) await services.db.update(campaigns).set({ verified: true }).where(eq(campaigns.tokenAddress, mint));
    await tradeInto(services, entry, mint, index);
    services.log.debug({ ticker: entry.ticker, mint }, 'demo campaign launched');
    result.launched.push(entry.ticker);
  }
  return result;
}

async function launch(services: Services, entry: DemoCampaign, creator: Keypair, donationWallet: string): Promise<string> {
  const creatorWallet = creator.publicKey.toBase58();
  const landed = await landedWithoutComplete(services, creatorWallet, entry.ticker);
  if (landed) return (await completeDbcLaunch(services, { requestId: landed, creatorWallet })).mintAddress;
  const initialBuyLamports = entry.initialBuy ? solToLamports(entry.initialBuy) : 0n;
  await ensureSol(services, creator.publicKey, initialBuyLamports + CREATION_FEE_LAMPORTS + 1_000_000_000n);
  const prepared = await prepareDbcLaunch(services, {
    creatorWallet, initialBuyLamports,
    form: {
      name: entry.name, ticker: entry.ticker, description: entry.description, imageUrl: await storeLogo(services, entry), videoUrl: null,
      photos: [], website: null, twitter: null, telegram: null, category: entry.category, goalLamports: solToLamports(entry.goal).toString(),
      donationWallet, bondingCurveType: entry.curveType, ref: null,
    },
  });
  // The creator's wallet signs last, as a person's does on the launch page.
  const tx = Transaction.from(Buffer.from(prepared.transaction, 'base64'));
  tx.partialSign(creator);
  const created = await completeDbcLaunch(services, { requestId: prepared.requestId, creatorWallet, signedTransaction: tx.serialize().toString('base64') });
  return created.mintAddress;
}

/** An earlier start's launch of this campaign whose transaction landed before the start died (its mint exists on chain). */
async function landedWithoutComplete(services: Services, creatorWallet: string, ticker: string): Promise<string | null> {
  const open = await services.db.select({ requestId: launchRequests.requestId, mint: launchRequests.mint }).from(launchRequests)
    .where(and(eq(launchRequests.creatorWallet, creatorWallet), eq(launchRequests.program, 'dbc'), ne(launchRequests.state, 'created'),
      sql`${launchRequests.form}->>'ticker' = ${ticker}`));
  for (const row of open) {
    if (await services.chain.connection.getAccountInfo(new PublicKey(row.mint), 'confirmed')) return row.requestId;
  }
  return null;
}

/** Demo traders' buys; a graduating campaign is then bought to its threshold (the graduate-curves job migrates it). */
async function tradeInto(services: Services, entry: DemoCampaign, mint: string, index: number): Promise<void> {
  for (const [i, sol] of entry.buys.entries()) {
    const trader = await demoWallet(services, `trader-${(index + i) % DEMO_TRADERS}`);
    const lamports = solToLamports(sol);
    await ensureSol(services, trader.publicKey, lamports + 100_000_000n);
    await buy(services, trader, mint, lamports);
  }
  if (!entry.graduate) return;
  const whale = await demoWallet(services, 'whale');
  const [row] = await services.db.select({ pool: curvePools.poolWallet }).from(curvePools).where(eq(curvePools.mint, mint));
  const state = await readCurveState(services.chain.connection, new PublicKey(row!.pool));
  // More than the rest of the curve with its fee: the buy fills the curve exactly and keeps the change.
  const offer = (state!.thresholdLamports * 12n) / 10n;
  await airdrop(services, whale.publicKey, offer + 1_000_000_000n);
  await buy(services, whale, mint, offer);
  // What the graduate-curves job does on its next tick, done now so the seeded market is whole when it is shown.
  await graduateCompleteCurves(services);
}

/** A generated PNG logo, stored like an upload (content-addressed). */
function storeLogo(services: Services, entry: DemoCampaign): Promise<string> {
  return storeGeneratedPng(services, gradientLogo(256, entry.colors[0], entry.colors[1]),
    { kind: 'token_logo', name: `${entry.ticker.toLowerCase()}-logo.png`, keyvalues: { demo: 'true' } });
}

/** The demo campaigns' token addresses (for the activity job). */
export type DemoMint = { id: number; name: string; mint: string; donationWallet: string | null };

export async function demoMints(services: Services): Promise<DemoMint[]> {
  const creators = await Promise.all(DEMO_CAMPAIGNS.map(async (c) => (await demoWallet(services, `creator-${c.ticker}`)).publicKey.toBase58()));
  const rows = await services.db.select({ id: campaigns.id, name: campaigns.name, mint: campaigns.tokenAddress, donationWallet: campaigns.donationWallet }).from(campaigns)
    .where(inArray(campaigns.creatorWallet, creators)).orderBy(campaigns.id);
  return rows.filter((r): r is DemoMint => r.mint !== null);
}
