import { eq } from 'drizzle-orm';
import { uploads } from '../db/schema';
import type { Services } from '../services';
import { fileStoreFor, PRIVATE_UPLOAD_KINDS } from '../storage';
import type { ReceivedFile, StoredFile, UploadMetadata } from '../storage/fileStore';
import { LocalStore } from '../storage/localStore';

export type StoreUploadProps = {
  file: ReceivedFile;
  metadata: UploadMetadata;
  wallet: string;
  // The client address it came from: with the size, the row counts against the daily quota.
  clientAddress: string;
};

/**
 * Stores an upload and records who uploaded it, as what. A private kind (verification
 * documents) always goes to the local store and is private only when its bytes were not
 * stored already. The row's size and client address count against the daily quota
 * (policies/uploadLimits.ts); the same bytes sent again by the same wallet as the same kind
 * add no row, as they add nothing to the store. The row goes first: a stored file with no
 * row is served to anyone (as files from before uploads were recorded are), so a private
 * document must never exist without one; a failed store takes its row back.
 */
export async function storeUpload(services: Services, { file, metadata, wallet, clientAddress }: StoreUploadProps): Promise<StoredFile> {
  const local = LocalStore.forDataDir(services.env.dataDir);
  const privateKind = PRIVATE_UPLOAD_KINDS.has(metadata.kind);
  const store = privateKind ? local : fileStoreFor(services.env, services.now);
  const isPrivate = privateKind && !(await local.get(file.cid));
  const [row] = await services.db.insert(uploads).values({
    cid: file.cid, kind: metadata.kind, uploadedBy: wallet, isPrivate, sizeBytes: file.size, clientAddress, createdAt: services.now(),
  }).onConflictDoNothing().returning({ id: uploads.id });
  try {
    return await store.put(file, metadata);
  } catch (err) {
    if (row) await services.db.delete(uploads).where(eq(uploads.id, row.id));
    throw err;
  }
}
