import { eq } from 'drizzle-orm';
import { CAMPAIGN_CATEGORIES } from '../../core/enums';
import { solToLamports } from '../../core/money';
import { campaigns } from '../db/schema';
import type { Services } from '../services';
import type { CampaignRow } from '../presenters/campaign';

/** 1 -> A, 26 -> Z, 27 -> AA: tickers are letters only. */
export function tickerLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The connection-test page's 'Create Test Campaign': a row marked is_test, left out of stats. */
export async function createTestCampaign({ db }: Services): Promise<CampaignRow> {
  const n = (await db.$count(campaigns, eq(campaigns.isTest, true))) + 1;
  const [row] = await db.insert(campaigns).values({
    creatorWallet: 'test',
    name: `Test Campaign ${n}`,
    ticker: `TST${tickerLetters(n)}`.slice(0, 10),
    description: 'A test campaign created from the connection-test page to check that the database accepts writes.',
    category: CAMPAIGN_CATEGORIES[(n - 1) % CAMPAIGN_CATEGORIES.length],
    goalLamports: solToLamports('10'),
    isTest: true,
  }).returning();
  return row;
}
