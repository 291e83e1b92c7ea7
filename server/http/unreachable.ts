// Socket-level failures: the other side was never reached (or went away), as opposed to
// a service that answered with an error.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CLOSED',
]);

/** Whether an error (or any error in its `cause` chain) says the service could not be reached. */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')) return true;
    // undici's fetch wraps every socket failure in TypeError('fetch failed'); web3.js keeps only its text.
    if (e instanceof Error && /fetch failed/.test(e.message)) return true;
  }
  return false;
}
