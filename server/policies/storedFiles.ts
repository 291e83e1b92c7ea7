import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_COOKIE, findAdminSession } from '../auth/admin/session';
import { uploads } from '../db/schema';
import type { Services } from '../services';
import { PRIVATE_UPLOAD_KINDS } from '../storage';
import { walletSessionOf } from './wallet';

/** How a stored file may be served to this request: to anyone, only to this reader (never cached), or not at all. */
export type FileAccess = 'public' | 'private' | 'hidden';

/**
 * Who may read a stored file. Bytes that entered the store as a private upload (a
 * verification document) are for an admin session and the wallet sessions that uploaded
 * them; to anyone else they do not exist. They turn public once anyone uploads the same
 * bytes as a public kind (that uploader had them). Files no private upload brought in are
 * public: every other upload, and files stored before uploads were recorded or by the
 * server itself (the seed's, the storage probe's).
 */
export async function fileAccess(services: Services, request: FastifyRequest, cid: string): Promise<FileAccess> {
  const rows = await services.db.select({ kind: uploads.kind, uploadedBy: uploads.uploadedBy, isPrivate: uploads.isPrivate })
    .from(uploads).where(eq(uploads.cid, cid));
  if (!rows.some((r) => r.isPrivate) || rows.some((r) => !PRIVATE_UPLOAD_KINDS.has(r.kind))) return 'public';
  const session = await walletSessionOf(services, request);
  if (session && rows.some((r) => r.uploadedBy === session.wallet)) return 'private';
  if (await findAdminSession(services.db, request.cookies[ADMIN_COOKIE], services.now())) return 'private';
  return 'hidden';
}

/** Whether this wallet uploaded these bytes (as any kind): what lets it attach them to its own request. */
export async function isUploader(services: Services, cid: string, wallet: string): Promise<boolean> {
  const [row] = await services.db.select({ id: uploads.id }).from(uploads)
    .where(and(eq(uploads.cid, cid), eq(uploads.uploadedBy, wallet))).limit(1);
  return row !== undefined;
}
