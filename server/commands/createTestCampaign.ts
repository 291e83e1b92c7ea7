import { and, eq, gt, sql } from 'drizzle-orm';
import { CAMPAIGN_CATEGORIES } from '../../core/enums';
import { solToLamports } from '../../core/money';
import { campaigns } from '../db/schema';
import { DEMO_CAMPAIGNS } from '../demo/catalog';
import { gradientLogo } from '../demo/png';
import { storeGeneratedPng } from '../demo/storeGeneratedPng';
import { HttpError } from '../http/errors';
import {
  WALLET_TEST_CAMPAIGN_LIMIT_MESSAGE, WALLET_TEST_CAMPAIGNS_PER_HOUR, type TestCampaignActor,
} from '../policies/testCampaigns';
import type { Services } from '../services';
import type { CampaignRow } from '../presenters/campaign';

/** 1 -> A, 26 -> Z, 27 -> AA: tickers are letters only. */
export function tickerLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

// Admin-made rows have no wallet behind them; a wallet's rows are its own (it lists them).
export const ADMIN_TEST_CREATOR = 'test';

/** Whose test campaigns these are, as stored in creator_wallet. */
export const testCreatorOf = (actor: TestCampaignActor) => (actor.kind === 'wallet' ? actor.wallet : ADMIN_TEST_CREATOR);

/**
 * A test campaign's logo (spec 2: the test insert carries an image_url): one of the demo
 * palettes drawn as a PNG and stored like an upload, so the link serves a real image.
 * Content-addressed, so the handful of palettes are the only files these ever add.
 */
async function storeTestLogo(services: Services, n: number): Promise<string> {
  const { colors } = DEMO_CAMPAIGNS[(n - 1) % DEMO_CAMPAIGNS.length]!;
  return storeGeneratedPng(services, gradientLogo(128, colors[0], colors[1]), { kind: 'token_logo', name: `test-campaign-logo-${(n - 1) % DEMO_CAMPAIGNS.length}.png`, keyvalues: { test: 'true' } });
}

/**
 * The connection-test page's 'Create Test Campaign': a row marked is_test, which no
 * public list, count, ticker or statistic includes. A wallet may make a few an hour.
 */
export async function createTestCampaign(services: Services, actor: TestCampaignActor): Promise<CampaignRow> {
  const { db, now } = services;
  const imageUrl = await storeTestLogo(services, (await db.$count(campaigns, eq(campaigns.isTest, true))) + 1);
  return db.transaction(async (tx) => {
    if (actor.kind === 'wallet') {
      // Parallel requests of one wallet queue here, so none counts before another's insert commits.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-campaigns:${actor.wallet}`}))`);
      const since = new Date(now().getTime() - 3_600_000);
      const recent = await tx.$count(campaigns, and(eq(campaigns.isTest, true), eq(campaigns.creatorWallet, actor.wallet), gt(campaigns.createdAt, since)));
      if (recent >= WALLET_TEST_CAMPAIGNS_PER_HOUR) throw new HttpError(429, WALLET_TEST_CAMPAIGN_LIMIT_MESSAGE);
    }
    const n = (await tx.$count(campaigns, eq(campaigns.isTest, true))) + 1;
    const [row] = await tx.insert(campaigns).values({
      creatorWallet: testCreatorOf(actor),
      name: `Test Campaign ${n}`,
      ticker: `TST${tickerLetters(n)}`.slice(0, 10),
      description: 'A test campaign created from the connection-test page to check that the database accepts writes.',
      category: CAMPAIGN_CATEGORIES[(n - 1) % CAMPAIGN_CATEGORIES.length],
      goalLamports: solToLamports('10'),
      imageUrl,
      isTest: true,
      createdAt: now(),
    }).returning();
    return row;
  });
}
