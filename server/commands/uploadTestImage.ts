import type { Services } from '../services';
import type { FileStore, ReceivedFile, StoredFile, UploadMetadata } from '../storage/fileStore';
import { adminWrite, type AdminActor } from './adminWrite';

/**
 * The pinning page's image upload (POST /api/admin/storage-test/upload): stores the checked
 * image, then records the upload (CID, group, name) in the audit log. The upload runs before
 * the transaction so a slow pin never holds a database connection; a refused upload (checked
 * by the route before this) stores and records nothing.
 */
export async function uploadTestImage(services: Services, actor: AdminActor, store: FileStore, file: ReceivedFile, metadata: UploadMetadata): Promise<StoredFile> {
  const stored = await store.put(file, metadata);
  return adminWrite(services.db, actor, {
    action: 'storage_test_uploaded',
    target: `file:${stored.ipfsHash}`,
    details: { group: metadata.kind, name: metadata.name, size: file.size, content_type: file.contentType, url: stored.url },
  }, async () => stored);
}
