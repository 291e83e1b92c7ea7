import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

export const NUL_BYTE_MESSAGE = 'The request contains a NUL character';

/**
 * Refuses, with a 400, any request whose path, query or parsed body holds a NUL
 * character. PostgreSQL text cannot store 0x00 and fails the whole statement, so
 * without this every route that looks a parameter up answered 500. Installed once
 * on the root instance, it covers every route, including ones added later.
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (urlHasNul(request)) throw badRequest(NUL_BYTE_MESSAGE);
  });
  // Bodies parsed to objects (JSON). A body kept as text (JSON-RPC) is its route's to parse.
  app.addHook('preValidation', async (request) => {
    if (request.body !== null && typeof request.body === 'object' && hasNul(request.body)) throw badRequest(NUL_BYTE_MESSAGE);
  });
}

// %00 is the only escape that decodes to NUL; the parsed query and params are checked
// too, so a decoder with other rules cannot slip one past.
function urlHasNul(request: FastifyRequest): boolean {
  return /\0|%00/i.test(request.url) || hasNul(request.query) || hasNul(request.params);
}

/** Whether any string, or any key, in the value holds a NUL (walked without recursion: bodies may nest deeply). */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
