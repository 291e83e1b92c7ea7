import { RPC_UPSTREAM_429_WAIT_MS } from '../../../core/constants';

export type UpstreamOptions = {
  url: string;
  /** How long an upstream 429 is waited out before the one retry. */
  rateLimitWaitMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Extra request headers (to a Causemint ledger process: that the calls are a browser's, see FORWARDED_CLIENT_HEADER). */
  headers?: Record<string, string>;
};

/**
 * Set on calls a web process forwards from a browser to a Causemint ledger process
 * (--role=ledger): that ledger then applies its per-client result bounds (the
 * getProgramAccounts filter rule and size cap) to them, and not to the servers' own calls.
 */
export const FORWARDED_CLIENT_HEADER = 'x-causemint-client';

/** An upstream answer the client cannot use; `message` is what the client is told. */
export class UpstreamError extends Error {}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * POSTs a JSON-RPC body to the cluster's RPC URL (which may carry the provider's key, so it
 * stays on the server). A 429 is waited out and retried once; any other non-2xx answer or a
 * second 429 is 'RPC error: {status}', a network failure 'RPC error: connection failed'.
 */
export async function postUpstream(body: string, options: UpstreamOptions): Promise<{ text: string; json: unknown }> {
  const doFetch = options.fetch ?? fetch;
  const attempt = async () => {
    try {
      return await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch {
      throw new UpstreamError('RPC error: connection failed');
    }
  };
  let response = await attempt();
  if (response.status === 429) {
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, options.rateLimitWaitMs ?? RPC_UPSTREAM_429_WAIT_MS));
    response = await attempt();
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new UpstreamError(`RPC error: ${response.status}`);
  }
  try {
    // The text goes back as is: re-serialising would round u64 numbers above 2^53.
    const text = await response.text();
    return { text, json: JSON.parse(text) };
  } catch {
    throw new UpstreamError('RPC error: invalid response');
  }
}
