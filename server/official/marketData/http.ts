// One GET to a market-data API the way spec 1 section 8 says: a 429 is waited out
// (Retry-After, else 5 s) and retried once; any other non-OK answer, a network failure or
// a body that is not JSON returns nothing (null), never an exception.

export const RETRY_AFTER_429_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

export type GetJsonOptions = { headers?: Record<string, string>; retryWaitMs?: number; fetchImpl?: typeof fetch };

export async function getJson(url: string, options: GetJsonOptions = {}): Promise<unknown> {
  const doFetch = options.fetchImpl ?? fetch;
  const once = () => doFetch(url, { headers: { accept: 'application/json', ...options.headers }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  try {
    let res = await once();
    if (res.status === 429) {
      await res.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, waitFor(res, options.retryWaitMs ?? RETRY_AFTER_429_MS)));
      res = await once();
    }
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return await res.json();
  } catch {
    return null;
  }
}

/**
 * Retry-After in seconds when the server gives one, else the default wait; never longer than
 * the default, since a page or the ticker is waiting on this answer (a longer ban is the
 * cache's and the fallbacks' to ride out, not a request's).
 */
function waitFor(res: Response, fallbackMs: number): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, fallbackMs) : fallbackMs;
}
