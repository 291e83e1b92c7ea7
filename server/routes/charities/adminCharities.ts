import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { CharityCreate, CharityMove, CharityPatch } from '../../../core/schemas/charity';
import { createCharity } from '../../commands/createCharity';
import { deleteCharity } from '../../commands/deleteCharity';
import { moveCharity } from '../../commands/moveCharity';
import { updateCharity } from '../../commands/updateCharity';
import { verifiedCharities } from '../../db/schema';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import { presentAdminCharity } from '../../presenters/charity';
import type { RouteOptions } from '../../services';
import { CharityIdParams } from './schema';

/** /api/admin/charities: the charity management page (spec 2 section 2.13); every write audited. */
export const adminCharitiesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const admin = { preHandler: requireAdmin(services) };

  app.get('/admin/charities', admin, async () => {
    const rows = await services.db.select().from(verifiedCharities)
      .orderBy(asc(verifiedCharities.displayOrder), asc(verifiedCharities.id));
    return { charities: rows.map(presentAdminCharity) };
  });

  app.post('/admin/charities', admin, async (request, reply) => {
    const input = parseInput(CharityCreate, request.body);
    const row = await createCharity(services, adminActor(request), input);
    return reply.status(201).send({ charity: presentAdminCharity(row) });
  });

  app.patch('/admin/charities/:id', admin, async (request) => {
    const { id } = parseInput(CharityIdParams, request.params);
    const patch = parseInput(CharityPatch, request.body);
    const row = await updateCharity(services, adminActor(request), id, patch);
    return { charity: presentAdminCharity(row) };
  });

  app.delete('/admin/charities/:id', admin, async (request) => {
    const { id } = parseInput(CharityIdParams, request.params);
    const row = await deleteCharity(services, adminActor(request), id);
    return { deleted: row.id };
  });

  app.post('/admin/charities/:id/move', admin, async (request) => {
    const { id } = parseInput(CharityIdParams, request.params);
    const { direction } = parseInput(CharityMove, request.body);
    return moveCharity(services, adminActor(request), id, direction);
  });
};
