import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { fileAccess } from '../../policies/storedFiles';
import type { RouteOptions } from '../../services';
import { canonicalCid } from '../../storage/cid';
import { LocalStore } from '../../storage/localStore';

/**
 * GET /ipfs/{cid}: files of the local store, served like an IPFS gateway: immutable
 * (the name is the hash of the bytes), with Range support so videos can seek.
 * A private file (a verification document) is served only to its readers
 * (policies/storedFiles.ts), never cached on the way, and to anyone else answered exactly
 * like a CID we do not have. Registered at the root, not under /api.
 */
export const ipfsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const store = LocalStore.forDataDir(services.env.dataDir);

  app.get<{ Params: { cid: string } }>('/ipfs/:cid', async (request, reply) => {
    const cid = canonicalCid(request.params.cid);
    if (!cid) throw badRequest('Invalid CID');
    const access = await fileAccess(services, request, cid);
    const file = access === 'hidden' ? null : await store.get(cid);
    if (!file) throw notFound('File not found');

    const etag = `"${cid}"`;
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      throw new HttpError(416, 'Range not satisfiable');
    }
    reply
      .header('cache-control', access === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      // Opened directly, a stored file may never run script in our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type(file.contentType);
    if (range) {
      reply.status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(fs.createReadStream(file.path, range));
    }
    reply.header('content-length', file.size);
    return reply.send(fs.createReadStream(file.path));
  });
};

/**
 * One byte range ("bytes=a-b", "bytes=a-", "bytes=-n"). A header that is not a
 * single byte range is ignored (the whole file is sent), as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}
