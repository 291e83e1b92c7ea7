import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { saveProfile } from '../../commands/saveProfile';
import { userProfiles } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentProfile } from '../../presenters/profile';
import type { RouteOptions } from '../../services';
import { isStoredFileUrl } from '../../storage/fileUrl';
import { WalletAddressSchema } from '../auth/schema';
import { ProfileUpdateSchema } from './schema';

/** Public profiles by wallet, and the signed-in wallet's own profile edits. */
export const profilesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;

  app.get<{ Params: { wallet: string } }>('/profiles/:wallet', async (request) => {
    const wallet = parseInput(WalletAddressSchema, request.params.wallet);
    const [row] = await db.select().from(userProfiles).where(eq(userProfiles.walletAddress, wallet));
    return presentProfile(wallet, row);
  });

  app.put('/profile', { preHandler: requireWallet(services) }, async (request) => {
    const wallet = currentWallet(request);
    const input = parseInput(ProfileUpdateSchema, request.body);
    if (input.username === undefined && input.profile_photo === undefined) throw badRequest('Nothing to update');
    if (input.profile_photo && !isStoredFileUrl(input.profile_photo, env)) {
      throw badRequest('profile_photo must be a URL returned by the upload endpoint');
    }
    const row = await saveProfile(db, wallet, { username: input.username, profilePhoto: input.profile_photo }, services.now());
    return presentProfile(wallet, row);
  });
};
