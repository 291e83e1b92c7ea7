import type { Services } from '../services';
import { adminWrite, type AdminActor } from './adminWrite';

export type ApiTestRecord = { method: string; path: string; status: number; durationMs: number };

/**
 * The API tester's requests that can change something (any method but GET) leave an audit
 * row: who sent what to which path and what it answered. The request has already run
 * (in-process, without the admin's cookie), so the row records it rather than wrapping it.
 */
export async function recordApiTest(services: Services, actor: AdminActor, test: ApiTestRecord): Promise<void> {
  if (test.method === 'GET') return;
  await adminWrite(services.db, actor, {
    action: 'api_tested',
    target: `${test.method} ${test.path}`,
    details: { status: test.status, durationMs: test.durationMs },
  }, async () => undefined);
}
