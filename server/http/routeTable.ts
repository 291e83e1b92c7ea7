import type { FastifyInstance } from 'fastify';

/** One registered route: its method and URL pattern as Fastify holds them (`/api/campaigns/:tokenAddress`). */
export type RouteEntry = { method: string; url: string; websocket: boolean };

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered on the instance from now on (call before any route
 * plugin). Tests walk this table, so a route added later is covered without being
 * listed anywhere.
 */
export function captureRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const websocket = Boolean((route as { websocket?: boolean }).websocket);
    for (const method of methods) table.push({ method, url: route.url, websocket });
  });
}

/** The routes captured on the instance, in registration order. */
export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  return [...(tables.get(app) ?? [])];
}
