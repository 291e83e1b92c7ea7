import type { FastifyRequest } from 'fastify';
import { ADMIN_COOKIE, findAdminSession } from '../auth/admin/session';
import { HttpError, unauthorized } from '../http/errors';
import { isCrossSiteWrite } from '../http/origin';
import type { Services } from '../services';
import { walletSessionOf } from './wallet';

/** Who is making test campaigns: an admin (any number) or a signed-in wallet (a few an hour, its own only). */
export type TestCampaignActor = { kind: 'admin'; username: string } | { kind: 'wallet'; wallet: string };

export const TEST_CAMPAIGNS_SIGN_IN_MESSAGE = 'Sign in with your wallet, or as an admin, to use test campaigns';

// A developer checking that writes land needs a handful; anyone else gets no bulk rows.
export const WALLET_TEST_CAMPAIGNS_PER_HOUR = 3;
export const WALLET_TEST_CAMPAIGN_LIMIT_MESSAGE = `A wallet may create ${WALLET_TEST_CAMPAIGNS_PER_HOUR} test campaigns an hour. Try again later.`;

/** The admin session if there is one, else the wallet session; 401 with neither. */
export async function testCampaignActor(services: Services, request: FastifyRequest): Promise<TestCampaignActor> {
  if (isCrossSiteWrite(request, services.env)) throw new HttpError(403, 'Cross-site request refused');
  const admin = await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now());
  if (admin) return { kind: 'admin', username: admin.username };
  const session = await walletSessionOf(services, request);
  if (session) return { kind: 'wallet', wallet: session.wallet };
  throw unauthorized(TEST_CAMPAIGNS_SIGN_IN_MESSAGE);
}
