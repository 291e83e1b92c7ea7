import type { FastifyPluginAsync } from 'fastify';
import type { AppEvent } from '../../events/hub';
import type { RouteOptions } from '../../services';

export const SSE_RETRY_MS = 5000;
export const SSE_HEARTBEAT_MS = 25_000;
export const TOO_MANY_STREAMS_MESSAGE = 'Too many live update connections from this address. Close some tabs and try again.';

/**
 * GET /api/events: Server-Sent Events. Each event is one `data:` line of JSON; events
 * published by any process on the same database arrive here through NOTIFY. A comment
 * line every 25 s keeps proxies from closing an idle stream. Each open stream holds a
 * socket and a subscriber: at most EVENTS_MAX_STREAMS_PER_CLIENT per client address.
 */
export const eventsRoutes: FastifyPluginAsync<RouteOptions & { heartbeatMs?: number }> = async (app, { services, heartbeatMs = SSE_HEARTBEAT_MS }) => {
  const open = new Set<() => void>();
  const perClient = new Map<string, number>();
  const maxPerClient = services.env.EVENTS_MAX_STREAMS_PER_CLIENT;
  // Open streams would keep app.close() waiting forever: end them before the server closes.
  app.addHook('preClose', async () => { for (const end of [...open]) end(); });

  app.get('/events', (request, reply) => {
    const client = request.ip;
    const streams = perClient.get(client) ?? 0;
    if (streams >= maxPerClient) {
      return reply.status(429).header('retry-after', String(SSE_RETRY_MS / 1000)).send({ error: TOO_MANY_STREAMS_MESSAGE });
    }
    perClient.set(client, streams + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${SSE_RETRY_MS}\n\n`);

    const send = (event: AppEvent) => { res.write(`data: ${JSON.stringify(event)}\n\n`); };
    const unsubscribe = services.events.subscribe(send);
    const heartbeat = setInterval(() => { res.write(': heartbeat\n\n'); }, heartbeatMs);
    heartbeat.unref();

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    res.on('close', end);
    res.on('error', end);
  });
};
