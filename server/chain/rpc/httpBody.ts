import type { FastifyReply } from 'fastify';
import type { JsonChunks } from './json';

/**
 * Sends an RPC answer: text as it is, byte chunks (a block read from its file, inside its
 * envelope) joined once, here, and not at each level that wraps them.
 */
export function sendRpcBody(reply: FastifyReply, body: string | JsonChunks): FastifyReply {
  return reply.send(typeof body === 'string' ? body : Buffer.concat(body));
}
