import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { campaignComments, campaigns } from '../../db/schema';
import type { TestApp } from '../../testing/app';
import { testIp, type SignedIn } from '../../testing/wallet';

export const address = () => Keypair.generate().publicKey.toBase58();

/** A campaign row as the launch flow leaves it (a request id: platform-created), by this creator. */
export async function insertCampaign(t: TestApp, creatorWallet: string, ticker: string) {
  const tokenAddress = address();
  const [row] = await t.services.db.insert(campaigns).values({
    creatorWallet, ticker, name: `${ticker} Fund`, goalLamports: 1n, tokenAddress, requestId: `req-${tokenAddress}`,
  }).returning();
  return row;
}

/** A comment API driven as a browser would: each call from its own client address unless one is given. */
export function commentApi(t: TestApp) {
  return {
    post: (mint: string, who: SignedIn | null, payload: unknown, remoteAddress = testIp()) => t.app.inject({
      method: 'POST', url: `/api/campaigns/${mint}/comments`, payload: payload as object, remoteAddress,
      headers: who ? { cookie: who.cookie } : {},
    }),
    page: (mint: string, query = '', who: SignedIn | null = null) => t.app.inject({
      method: 'GET', url: `/api/campaigns/${mint}/comments${query}`, remoteAddress: testIp(), headers: who ? { cookie: who.cookie } : {},
    }),
    report: (id: number | string, payload: unknown, options: { who?: SignedIn; remoteAddress?: string } = {}) => t.app.inject({
      method: 'POST', url: `/api/comments/${id}/reports`, payload: payload as object, remoteAddress: options.remoteAddress ?? testIp(),
      headers: options.who ? { cookie: options.who.cookie } : {},
    }),
    creator: (mint: string, id: number, action: 'pin' | 'hide', payload: unknown, who: SignedIn) => t.app.inject({
      method: 'POST', url: `/api/campaigns/${mint}/comments/${id}/${action}`, payload: payload as object, remoteAddress: testIp(),
      headers: { cookie: who.cookie },
    }),
    rows: (campaignId?: number) => campaignId === undefined
      ? t.services.db.select().from(campaignComments)
      : t.services.db.select().from(campaignComments).where(eq(campaignComments.campaignId, campaignId)),
  };
}
