// The local demo market: on the first start in local mode, the catalog's campaigns are
// launched through the real launch flow (prepare, a funding transfer, create) by demo
// creator wallets, then demo traders buy into them (one all the way to graduation).
// Idempotent: a campaign whose demo creator already launched it is skipped, so a start
// interrupted half-way finishes the rest next time.

import { and, eq, inArray } from 'drizzle-orm';
import { costToComplete } from '../../core/curve';
import { solToLamports } from '../../core/money';
import { campaigns, verifiedCharities } from '../db/schema';
import { launcherFor } from '../launch';
import type { Services } from '../services';
import { DEMO_CAMPAIGNS, type DemoCampaign } from './catalog';
import { airdrop, buy, demoWallet, ensureSol, transferSol } from './market';
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

async function launch(services: Services, entry: DemoCampaign, creator: import('@solana/web3.js').Keypair, donationWallet: string): Promise<string> {
  const launcher = launcherFor(services);
  const initialBuy = entry.initialBuy ? solToLamports(entry.initialBuy) : 0n;
  await ensureSol(services, creator.publicKey, initialBuy + 1_000_000_000n);
  const prepared = await launcher.prepare(creator.publicKey.toBase58(), initialBuy);
  await transferSol(services, creator, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
  const created = await launcher.create(creator.publicKey.toBase58(), prepared.request_id, {
    name: entry.name, ticker: entry.ticker, goal: solToLamports(entry.goal), category: entry.category,
    initialBuy, donationWallet, description: entry.description,
    website: undefined, twitter: undefined, telegram: undefined, bondingCurveType: entry.curveType,
    imageUrl: await storeLogo(services, entry), videoUrl: undefined, photos: [],
  });
  return created.mintAddress;
}

/** Demo traders' buys; a graduating campaign is then bought to its threshold. */
async function tradeInto(services: Services, entry: DemoCampaign, mint: string, index: number): Promise<void> {
  for (const [i, sol] of entry.buys.entries()) {
    const trader = await demoWallet(services, `trader-${(index + i) % DEMO_TRADERS}`);
    const lamports = solToLamports(sol);
    await ensureSol(services, trader.publicKey, lamports + 100_000_000n);
    await buy(services, trader, mint, lamports);
  }
  if (!entry.graduate) return;
  const whale = await demoWallet(services, 'whale');
  const cost = costToComplete(await services.trading.book.committedState(mint));
  await airdrop(services, whale.publicKey, cost + 1_000_000_000n);
  await buy(services, whale, mint, cost);
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
