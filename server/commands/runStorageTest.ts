import type { Services } from '../services';
import { probeStorage, type StorageProbe } from '../storage/probe';
import { adminWrite, type AdminActor } from './adminWrite';

/**
 * The pinning page's connection test (POST /api/admin/storage-test): writes a probe file to the
 * configured store, reads it back, removes it, and records who ran it and what came of it.
 * The probe runs before the transaction: a Pinata round trip must not hold a database
 * connection (PGlite has only one). A failed test is audited too: it still wrote to the store.
 */
export async function runStorageTest(services: Services, actor: AdminActor): Promise<StorageProbe> {
  const result = await probeStorage(services.env, services.now);
  return adminWrite(services.db, actor, {
    action: 'storage_tested',
    target: `storage:${result.store}`,
    details: { ok: result.ok, write: result.write, read: result.read, removed: result.removed, cid: result.cid, detail: result.detail },
  }, async () => result);
}
