// One step of the living local market: a demo wallet buys, sells or donates a little, so
// charts, tickers, holders and donations move while a person looks.

import { eq } from 'drizzle-orm';
import { officialToken } from '../db/schema';
import { PoolNotTradableError } from '../curve/swapTransaction';
import type { Services } from '../services';
import { DEMO_TRADERS, demoMints } from './seedDemoMarket';
import { donateLinkFor } from '../donations/donateLink';
import { buy, demoWallet, ensureSol, payTransferRequest, sell, tokenBalance } from './market';

export type DemoAction = { kind: 'buy' | 'sell' | 'donate'; mint: string; wallet: string; amount: bigint; signature: string };

const LAMPORTS = 1_000_000_000n;

/**
 * `random` in [0, 1) is injected so a test can choose what happens. A pool between its curve's
 * completion and its migration takes no trades: that step does nothing (null).
 */
export async function demoActivityStep(services: Services, random: () => number = Math.random): Promise<DemoAction | null> {
  try {
    return await step(services, random);
  } catch (err) {
    if (err instanceof PoolNotTradableError) return null;
    throw err;
  }
}

async function step(services: Services, random: () => number): Promise<DemoAction | null> {
  const mints = [...await demoMints(services), ...await officialMint(services)];
  if (mints.length === 0) return null;
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const target = pick(mints);
  const trader = await demoWallet(services, `trader-${Math.floor(random() * DEMO_TRADERS)}`);
  const wallet = trader.publicKey.toBase58();
  const roll = random();
  // Whole thousandths of a SOL between 0.02 and 0.6.
  const lamports = (20n + BigInt(Math.floor(random() * 580))) * LAMPORTS / 1000n;

  if (roll < 0.3) {
    const held = await tokenBalance(services, target.mint, trader.publicKey);
    if (held > 0n) {
      const amount = held * BigInt(10 + Math.floor(random() * 40)) / 100n;
      if (amount > 0n) return { kind: 'sell', mint: target.mint, wallet, amount, signature: await sell(services, trader, target.mint, amount) };
    }
  }
  await ensureSol(services, trader.publicKey, lamports + LAMPORTS / 10n);
  if (roll > 0.8 && target.donationWallet) {
    const gift = lamports / 4n;
    // The campaign's own transfer request (what its QR code carries), so a shared charity wallet still knows whose it is.
    const link = await donateLinkFor(services.db, { ...target, donationWallet: target.donationWallet }, gift);
    return { kind: 'donate', mint: target.mint, wallet, amount: gift, signature: await payTransferRequest(services, trader, link.url) };
  }
  return { kind: 'buy', mint: target.mint, wallet, amount: lamports, signature: await buy(services, trader, target.mint, lamports) };
}

/** The official token, once launched here, trades with the demo campaigns (it has no donation wallet to donate to). */
async function officialMint(services: Services) {
  const [row] = await services.db.select({ mint: officialToken.tokenAddress, name: officialToken.name, source: officialToken.source })
    .from(officialToken).where(eq(officialToken.id, 1));
  return row?.source === 'local' ? [{ id: 0, name: row.name, mint: row.mint, donationWallet: null }] : [];
}
