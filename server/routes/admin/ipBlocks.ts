import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { IpBlockCreateSchema, IpBlockIdSchema } from '../../../core/schemas/security';
import { blockIp } from '../../commands/blockIp';
import { unblockIp } from '../../commands/unblockIp';
import { ipBlocks } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { assertNotOwnAddress } from '../../policies/ipBlocks';
import { presentIpBlock } from '../../presenters/ipBlock';
import type { RouteOptions } from '../../services';

/** /api/admin/ip-blocks: the dashboard's Security tab blocks and unblocks addresses and ranges. */
export const adminIpBlockRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const guard = { preHandler: requireAdmin(services) };

  app.get('/admin/ip-blocks', guard, async (request) => {
    const rows = await services.db.select().from(ipBlocks).orderBy(desc(ipBlocks.id));
    // The caller's address as the server sees it, so the tab can warn before blocking it.
    return { blocks: rows.map(presentIpBlock), your_ip: request.ip };
  });

  app.post('/admin/ip-blocks', guard, async (request, reply) => {
    const { address, confirm } = parseInput(IpBlockCreateSchema, request.body);
    const own = assertNotOwnAddress(address, request.ip, confirm);
    const row = await blockIp(services, adminActor(request), address, own);
    return reply.status(201).send(presentIpBlock(row));
  });

  app.delete('/admin/ip-blocks/:id', guard, async (request) => {
    const { id } = parseInput(IpBlockIdSchema, request.params);
    const row = await unblockIp(services, adminActor(request), id);
    return presentIpBlock(row);
  });
};
