import { parseUserAgent } from '../../core/userAgent';
import { pageViews } from '../db/schema';
import type { Services } from '../services';

export type PageViewProps = { path: string; referrer?: string | null; visitorId?: string | null; walletAddress?: string | null; userAgent?: string };

export async function recordPageView({ db }: Services, props: PageViewProps): Promise<void> {
  const { deviceType, browser } = parseUserAgent(props.userAgent);
  await db.insert(pageViews).values({
    path: props.path,
    referrer: props.referrer || null,
    visitorId: props.visitorId || null,
    walletAddress: props.walletAddress ?? null,
    deviceType,
    browser,
  });
}
