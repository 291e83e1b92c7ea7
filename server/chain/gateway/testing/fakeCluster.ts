import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Recorded = { body: string; url: string; at: number };
export type Answer = { status: number; body?: unknown };

/**
 * A stand-in for a cluster's RPC endpoint: answers from a script (then echoes JSON-RPC
 * results), and records what it received. The gateway's real HTTP client talks to it.
 */
export async function startFakeRpc(script: Answer[] = []) {
  const received: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      received.push({ body, url: req.url ?? '', at: Date.now() });
      const next = script.shift();
      const status = next?.status ?? 200;
      const payload = next?.body ?? echo(body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rpc?api-key=provider-secret`,
    received,
    script,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Answers each call with `{ echoed: method }` so tests can see which call got which answer. */
function echo(body: string): unknown {
  const payload = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
  const one = (c: { id: unknown; method: string }) => ({ jsonrpc: '2.0', result: { echoed: c.method }, id: c.id });
  return Array.isArray(payload) ? payload.map(one) : one(payload);
}
