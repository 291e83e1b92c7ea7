import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_MESSAGES, GalleryPhotoCreate, GalleryPhotoEdit } from '../../../core/schemas/campaignContent';
import { addGalleryPhoto } from '../../commands/addGalleryPhoto';
import { editGalleryPhoto } from '../../commands/editGalleryPhoto';
import { removeGalleryPhoto } from '../../commands/removeGalleryPhoto';
import { campaignGallery } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { campaignManagedBy, findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { requireWallet } from '../../policies/wallet';
import { presentGalleryPhoto } from '../../presenters/campaignContent';
import type { RouteOptions } from '../../services';
import { ContentIdParams, TokenAddressParams } from './params';
import { assertUploaded } from './uploadedFile';

export const PHOTO_NOT_FOUND = 'Photo not found';
export const CONTENT_WRITE_LIMIT = { max: 60, windowMs: 60_000, message: 'Too many changes. Please wait a minute.' };

/**
 * A campaign's gallery: GET for everyone (launch photos first, by position); the creator
 * of a platform-created campaign adds (POST), re-captions or moves (PATCH) and removes (DELETE) photos.
 */
export const galleryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;
  const writer = { preHandler: [rateLimit(CONTENT_WRITE_LIMIT), requireWallet(services)] };
  const changed = (tokenAddress: string) => services.events.publish({ type: 'campaign_content_changed', tokenAddress, part: 'gallery' });

  app.get('/campaigns/:tokenAddress/gallery', async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const rows = await db.select().from(campaignGallery).where(eq(campaignGallery.campaignId, campaign.id))
      .orderBy(asc(campaignGallery.orderIndex), asc(campaignGallery.id));
    return { photos: rows.map(presentGalleryPhoto) };
  });

  app.post('/campaigns/:tokenAddress/gallery', writer, async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    const input = parseInput(GalleryPhotoCreate, request.body);
    await assertUploaded(input.imageUrl, 'imageUrl', 'image', env);
    const row = await addGalleryPhoto(db, { campaignId: campaign.id, imageUrl: input.imageUrl, caption: input.caption ?? null, now: services.now() });
    if (!row) throw badRequest(CONTENT_MESSAGES.galleryFull);
    await changed(tokenAddress);
    return reply.status(201).send(presentGalleryPhoto(row));
  });

  app.patch('/campaigns/:tokenAddress/gallery/:id', writer, async (request) => {
    const { tokenAddress, id } = parseInput(ContentIdParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    const input = parseInput(GalleryPhotoEdit, request.body);
    if (input.caption === undefined && input.position === undefined) throw badRequest(CONTENT_MESSAGES.nothingToChange);
    const row = await editGalleryPhoto(db, { campaignId: campaign.id, photoId: id, ...input });
    if (!row) throw notFound(PHOTO_NOT_FOUND);
    await changed(tokenAddress);
    return presentGalleryPhoto(row);
  });

  app.delete('/campaigns/:tokenAddress/gallery/:id', writer, async (request, reply) => {
    const { tokenAddress, id } = parseInput(ContentIdParams, request.params);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    if (!await removeGalleryPhoto(db, { campaignId: campaign.id, photoId: id })) throw notFound(PHOTO_NOT_FOUND);
    await changed(tokenAddress);
    return reply.status(204).send();
  });
};
