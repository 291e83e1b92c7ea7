import type { FastifyPluginAsync } from 'fastify';
import { AdminCommentQuery, COMMENT_MESSAGES, CommentIdParams, CommentMuteSet, WalletParams } from '../../../core/schemas/comment';
import { listAdminComments, listMutes, readAdminThread } from '../../comments/adminList';
import { deleteComment, moderateComment } from '../../commands/moderateComment';
import { muteCommenter, unmuteCommenter } from '../../commands/muteCommenter';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { adminActor, requireAdmin } from '../../policies/admin';
import type { RouteOptions } from '../../services';

/**
 * The admin's comment moderation: the list (reported, hidden, all; search by campaign or
 * wallet), a comment in context, hide, restore and delete (each audited), and wallet mutes.
 */
export const adminCommentsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const admin = { preHandler: requireAdmin(services) };

  app.get('/admin/comments', admin, async (request) => listAdminComments(services, parseInput(AdminCommentQuery, request.query)));

  app.get('/admin/comments/:id', admin, async (request) => {
    const { id } = parseInput(CommentIdParams, request.params);
    const thread = await readAdminThread(services, id);
    if (!thread) throw notFound(COMMENT_MESSAGES.notFound);
    return thread;
  });

  for (const action of ['hide', 'restore'] as const) {
    app.post(`/admin/comments/:id/${action}`, admin, async (request) => {
      const { id } = parseInput(CommentIdParams, request.params);
      await moderateComment(services, adminActor(request), id, action);
      return (await readAdminThread(services, id))!;
    });
  }

  app.delete('/admin/comments/:id', admin, async (request, reply) => {
    const { id } = parseInput(CommentIdParams, request.params);
    await deleteComment(services, adminActor(request), id);
    return reply.status(204).send();
  });

  app.get('/admin/comment-mutes', admin, async () => listMutes(services));

  app.put('/admin/comment-mutes/:wallet', admin, async (request) => {
    const { wallet } = parseInput(WalletParams, request.params);
    const { duration } = parseInput(CommentMuteSet, request.body);
    const row = await muteCommenter(services, adminActor(request), wallet, duration);
    return { wallet: row.wallet, muted_until: row.mutedUntil?.toISOString() ?? null };
  });

  app.delete('/admin/comment-mutes/:wallet', admin, async (request, reply) => {
    const { wallet } = parseInput(WalletParams, request.params);
    await unmuteCommenter(services, adminActor(request), wallet);
    return reply.status(204).send();
  });
};
