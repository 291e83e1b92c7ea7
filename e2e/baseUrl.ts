import { inject } from 'vitest';

/**
 * The shared server of this worker (e2e/globalSetup.ts starts one per worker): a worker runs
 * one file at a time, so no two files ever share a server at once.
 */
export function sharedBaseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(worker - 1) % urls.length];
}
