/** One JSON-RPC call to our own /api/rpc (the local ledger, or the allow-listed cluster proxy), timed. */
export async function rpcCall(method: string, params: unknown[]): Promise<{ ok: boolean; durationMs: number; result: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch('/api/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = await response.json().catch(() => null) as { result?: unknown; error?: { message?: string } } | null;
    const durationMs = Math.round(performance.now() - started);
    if (!response.ok || !body || body.error) return { ok: false, durationMs, result: body?.error?.message ?? `Request failed: ${response.status} ${response.statusText}` };
    return { ok: true, durationMs, result: body.result };
  } catch {
    return { ok: false, durationMs: Math.round(performance.now() - started), result: 'Connection failed' };
  }
}

// Base58, 32 to 44 characters: the shape of a Solana address (the node checks the rest).
export const looksLikeAddress = (text: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text);
