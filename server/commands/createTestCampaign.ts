import { and, eq, gt, sql } from 'drizzle-orm';
import { CAMPAIGN_CATEGORIES } from '../../core/enums';
import { solToLamports } from '../../core/money';
import { campaigns } from '../db/schema';
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
 * The connection-test page's 'Create Test Campaign': a row marked is_test, which no
 * public list, count, ticker or statistic includes. A wallet may make a few an hour.
 */
export async function createTestCampaign({ db, now }: Services, actor: TestCampaignActor): Promise<CampaignRow> {
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
      isTest: true,
      createdAt: now(),
    }).returning();
    return row;
  });
}
