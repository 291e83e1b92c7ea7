import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http/errors';
import { findPublicCampaign } from '../policies/campaigns';
import { TokenAddressParams } from '../routes/campaigns/params';
import type { Services } from '../services';
import { campaignShareTags, withHeadTags } from './shareTags';

/**
 * GET /campaign/{tokenAddress}: the React app's page with the campaign's Open Graph and
 * Twitter card tags in its head, so a shared link previews with its title and card image.
 * Anything else (an unknown token, a legacy numeric id) gets the plain app, which routes itself.
 */
export const sharePageRoutes: FastifyPluginAsync<{ services: Services; indexHtml: string }> = async (app, { services, indexHtml }) => {
  app.get('/campaign/:tokenAddress', async (request, reply) => {
    // Read each time: a rebuilt app is served without a restart, as sendFile does.
    const html = await fs.promises.readFile(indexHtml, 'utf8');
    const params = TokenAddressParams.safeParse(request.params);
    const row = params.success
      ? await findPublicCampaign(services, params.data.tokenAddress).catch((err: unknown) => {
        // Not found is the app's to show; anything else still gets the page, without tags.
        if (!(err instanceof HttpError)) request.log.warn({ err }, 'share tags: campaign lookup failed');
        return null;
      })
      : null;
    const page = row?.tokenAddress ? withHeadTags(html, campaignShareTags(row, services.env.publicUrl)) : html;
    return reply.type('text/html').header('cache-control', 'no-cache').send(page);
  });
};
