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

/** An upstream answer: its bytes, passed on as they are, and its JSON when a caller must read it. */
export type UpstreamAnswer = { bytes: Buffer; json: () => unknown };

/**
 * POSTs a JSON-RPC body to the cluster's RPC URL (which may carry the provider's key, so it
 * stays on the server). A 429 is waited out and retried once; any other non-2xx answer or a
 * second 429 is 'RPC error: {status}', a network failure 'RPC error: connection failed', an
 * answer that is not a JSON object or list 'RPC error: invalid response'.
 */
export async function postUpstream(body: string, options: UpstreamOptions): Promise<UpstreamAnswer> {
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
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    throw new UpstreamError('RPC error: connection failed');
  }
  // The bytes go back as they are: re-serialising would round u64 numbers above 2^53, and parsing
  // a block's megabyte on every forward would cost a web process more than the ledger spent
  // answering it. Only the frame is checked here (an HTML error page is not passed on as JSON).
  if (!framedAsJson(bytes)) throw new UpstreamError('RPC error: invalid response');
  return {
    bytes,
    json: () => {
      try {
        return JSON.parse(bytes.toString('utf8')) as unknown;
      } catch {
        throw new UpstreamError('RPC error: invalid response');
      }
    },
  };
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether the bytes open and close as a JSON object or list (surrounding whitespace allowed). */
function framedAsJson(bytes: Buffer): boolean {
  let first = 0;
  let last = bytes.length - 1;
  while (first <= last && WHITESPACE.has(bytes[first])) first++;
  while (last >= first && WHITESPACE.has(bytes[last])) last--;
  if (first >= last) return false;
  return (bytes[first] === 0x7b && bytes[last] === 0x7d) || (bytes[first] === 0x5b && bytes[last] === 0x5d);
}
