import WebSocket from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PubsubMessage = { id?: number; result?: unknown; error?: { code: number; message: string }; method?: string; params?: { result: any; subscription: number } };

/** A raw PubSub client over a real websocket: requests by id, notifications collected in order. */
export async function openPubsub(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
  const notifications: PubsubMessage[] = [];
  const waiters: ((m: PubsubMessage) => void)[] = [];
  const pending = new Map<number, (m: PubsubMessage) => void>();
  socket.on('message', (data) => {
    const m = JSON.parse(data.toString()) as PubsubMessage;
    if (m.id !== undefined && pending.has(m.id)) { pending.get(m.id)!(m); pending.delete(m.id); return; }
    notifications.push(m);
    waiters.splice(0).forEach((w) => w(m));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  let nextId = 1;
  return {
    socket,
    request: (method: string, params: unknown[] = []) => new Promise<PubsubMessage>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    }),
    /** Waits for the first notification (already received or not) matching `pred`. */
    next: async (pred: (m: PubsubMessage) => boolean, timeoutMs = 5000): Promise<PubsubMessage> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = notifications.find(pred);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no notification');
        await new Promise((r) => { waiters.push(r); setTimeout(r, 50); });
      }
    },
    notifications,
    /** Resolves with the close code and reason once the socket is closed (by either side). */
    closed,
    close: () => socket.close(),
  };
}

/** An upgrade the server refuses: its HTTP status and JSON body (throws if the socket opens). */
export function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => { socket.terminate(); reject(new Error(`upgrade to ${url} was accepted`)); });
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      response.on('end', () => {
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
      });
      response.on('error', reject);
    });
    socket.once('error', () => { /* 'unexpected-response' reports it */ });
  });
}
