import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { TRADE_EVENT } from '../server/market/registerTradeHooks';
import type { Services } from '../server/services';
import { openBenchServer } from './support/benchServer';

export type ExploreBenchRow = { bench: string; runs: number; p50: number; p95: number; unit: string; target: string; ok: boolean };

const CAMPAIGNS = Number(process.env.EXPLORE_BENCH_CAMPAIGNS ?? 100_000);
const CLIENTS = 100;
const REQUESTS_PER_CLIENT = Number(process.env.EXPLORE_BENCH_REQUESTS ?? 20);
const SEQUENTIAL_REQUESTS = 50;
const P95_TARGET_MS = 30;
const QUERIES = [
  'filter=all', 'filter=verified', 'filter=bonded', 'filter=trending', 'filter=new', 'filter=reached',
  'sort=market_cap', 'sort=volume_24h', 'sort=raised', 'sort=goal_progress', 'sort=newest_donation',
  'category=Other', 'search=water', 'filter=all&offset=3200&limit=32',
  'hide_high_risk=true', 'filter=verified&hide_high_risk=true', 'sort=market_cap&hide_high_risk=true',
];
// Every request of these asks something no other request asked, so no answer (nor a search's
// total) comes from the list cache: the database's own work under a crowd. Only
// EXPLORE_BENCH_ONLY=uncached runs these rows alone.
const UNCACHED: { name: string; path: (i: number) => string }[] = [
  // Explore's page buttons, pages 1-1,000 of the newest-first list.
  { name: 'filter=all&offset=<distinct page 1-1000>', path: (i) => `/api/campaigns?filter=all&limit=32&offset=${(i * 7919 % 1000) * 32}` },
  { name: 'sort=market_cap&offset=<distinct page 1-1000>', path: (i) => `/api/campaigns?sort=market_cap&limit=32&offset=${(i * 7919 % 1000) * 32}` },
  { name: 'hide_high_risk=true&offset=<distinct page 1-1000>', path: (i) => `/api/campaigns?hide_high_risk=true&limit=32&offset=${(i * 7919 % 1000) * 32}` },
  // A donor's orders: raised over goal (an expression index) and the newest donation (a kept column).
  { name: 'sort=goal_progress&offset=<distinct page 1-1000>', path: (i) => `/api/campaigns?sort=goal_progress&limit=32&offset=${(i * 7919 % 1000) * 32}` },
  { name: 'sort=newest_donation&offset=<distinct page 1-1000>', path: (i) => `/api/campaigns?sort=newest_donation&limit=32&offset=${(i * 7919 % 1000) * 32}` },
  // What a person types: a campaign's name, one per request.
  { name: 'search=<distinct name: Campaign n>', path: (i) => `/api/campaigns?search=${encodeURIComponent(`Campaign ${1 + (i * 104729) % CAMPAIGNS}`)}` },
  // A short hex fragment (descriptions are md5 hex): each of its trigrams is in ~1.5% of rows, the trigram index's hard case.
  { name: 'search=<distinct 4 hex digits>', path: (i) => `/api/campaigns?search=${(i * 2654435761 % 65536).toString(16).padStart(4, '0')}` },
];
const UNCACHED_PATHS = 1000;
// EXPLORE_BENCH_MATCH=sort=raised,goal_progress: only the rows, cached and uncached, whose query contains one of these.
const MATCH = process.env.EXPLORE_BENCH_MATCH?.split(',').filter(Boolean);
const matches = (query: string) => !MATCH || MATCH.some((part) => query.includes(part));
const UNCACHED_REQUESTS_PER_CLIENT = 5;

/**
 * Explore at scale: 100,000 campaigns inserted straight into the database, then
 * GET /api/campaigns over real HTTP for each filter, a few sorts, a category and a search,
 * 100 clients at once, while a live event every second (a trade) clears the cached answers. PGlite in a temporary directory, or a fresh database on the
 * DATABASE_URL server when set (dropped afterwards).
 */
export default async function exploreBench(): Promise<ExploreBenchRow[]> {
  const { services, app, close } = await openBenchServer('explore', { freshDatabase: true });
  try {
    const started = Date.now();
    await seedCampaigns(services.db, CAMPAIGNS);
    console.log(`${CAMPAIGNS} campaigns inserted in ${((Date.now() - started) / 1000).toFixed(1)} s (${services.database.kind})`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // A busy market: a live event (a trade) every second clears the cached answers, as in production.
    const market = setInterval(() => { void services.events.publish({ type: TRADE_EVENT, mint: 'bench', graduated: false }); }, 1000);
    const rows: ExploreBenchRow[] = [await floorRow()];
    // A server that has run a while: the route's code warmed up (JIT) and the insert's garbage
    // collected before anything is measured.
    await measure(port, `/api/campaigns?${QUERIES[0]}`);
    for (const query of process.env.EXPLORE_BENCH_ONLY === 'uncached' ? [] : QUERIES.filter(matches)) {
      const path = `/api/campaigns?${query}`;
      const { alone, crowd } = await measure(port, path);
      const one = percentiles(alone);
      rows.push({ bench: `GET ${path}, 1 client`, runs: alone.length, ...one, unit: 'ms', target: `p95 < ${P95_TARGET_MS}`, ok: one.p95 < P95_TARGET_MS });
      const many = percentiles(crowd);
      rows.push({ bench: `GET ${path}, ${CLIENTS} clients`, runs: crowd.length, ...many, unit: 'ms', target: `p95 < ${P95_TARGET_MS}`, ok: many.p95 < P95_TARGET_MS });
    }
    for (const { name, path: pathOf } of UNCACHED.filter((u) => matches(u.name))) {
      // Few enough requests that no path comes round twice (a repeat could be a cache hit).
      const { alone, crowd } = await measure(port, Array.from({ length: UNCACHED_PATHS }, (_, i) => pathOf(i)), UNCACHED_REQUESTS_PER_CLIENT);
      const one = percentiles(alone);
      rows.push({ bench: `uncached GET /api/campaigns?${name}, 1 client`, runs: alone.length, ...one, unit: 'ms', target: `p95 < ${P95_TARGET_MS}`, ok: one.p95 < P95_TARGET_MS });
      const many = percentiles(crowd);
      rows.push({ bench: `uncached GET /api/campaigns?${name}, ${CLIENTS} clients`, runs: crowd.length, ...many, unit: 'ms', target: `p95 < ${P95_TARGET_MS}`, ok: many.p95 < P95_TARGET_MS });
    }
    clearInterval(market);
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

// The clients run in a worker thread with keep-alive connections, as browsers would hold
// them: in the server's own event loop they would queue behind the requests they measure.
const CLIENT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { port, paths, clients, perClient, sequential } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
// One path for every request, or a list taken in turn (each request its own: no cache hits).
let next = 0;
const get = () => new Promise((resolve, reject) => {
  const path = paths[next++ % paths.length];
  const t0 = performance.now();
  http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
    res.resume();
    res.on('end', () => res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(path + ': ' + res.statusCode)));
  }).on('error', reject);
});
(async () => {
  for (let i = 0; i < 5; i++) await get();
  const alone = [];
  for (let i = 0; i < sequential; i++) alone.push(await get());
  // Each client opens its connection first (a browser on the page already holds one), so the
  // crowd measures answers, not a hundred TCP handshakes landing at once.
  await Promise.all(Array.from({ length: clients }, () => get()));
  const crowd = [];
  await Promise.all(Array.from({ length: clients }, async () => {
    for (let i = 0; i < perClient; i++) crowd.push(await get());
  }));
  agent.destroy();
  parentPort.postMessage({ alone, crowd });
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/** One client alone (the service time of a request), then CLIENTS at once, each REQUESTS_PER_CLIENT in turn. */
function measure(port: number, pathOrPaths: string | string[], perClient = REQUESTS_PER_CLIENT): Promise<{ alone: number[]; crowd: number[] }> {
  const paths = typeof pathOrPaths === 'string' ? [pathOrPaths] : pathOrPaths;
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_WORKER, {
      eval: true, workerData: { port, paths, clients: CLIENTS, perClient, sequential: SEQUENTIAL_REQUESTS },
    });
    worker.once('message', (result: { alone: number[]; crowd: number[] } | { error: string }) => {
      void worker.terminate();
      if ('error' in result) reject(new Error(result.error)); else resolve(result);
    });
    worker.once('error', reject);
  });
}

/**
 * The floor on this machine: a bare Fastify route answering a constant of the same size,
 * measured with the same clients. No list answer can beat it; the gap to it is ours.
 */
async function floorRow(): Promise<ExploreBenchRow> {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify();
  const body = JSON.stringify({ campaigns: Array.from({ length: 20 }, (_, id) => ({ id, description: 'x'.repeat(400) })), total: CAMPAIGNS });
  bare.get('/floor', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { crowd } = await measure((bare.server.address() as { port: number }).port, '/floor');
    return { bench: `floor: bare Fastify, constant answer, ${CLIENTS} clients`, runs: crowd.length, ...percentiles(crowd), unit: 'ms', target: 'reference', ok: true };
  } finally {
    await bare.close();
  }
}

type Db = Services['db'];

/** One statement: varied names, categories, flags and figures; about 1 in 100 mentions water, 1 in 29 has a high trust flag. */
export async function seedCampaigns(db: Db, count: number): Promise<void> {
  await db.execute(sql.raw(`
    insert into campaigns (creator_wallet, ticker, name, title, description, category, verified, flagged, is_test, token_address,
      goal_lamports, raised_lamports, is_bonded, market_cap_lamports, holders, bonding_curve_progress, cached_volume_24h_lamports, created_at,
      high_flags, trust_flags_at, last_donation_at)
    select 'Creator' || (g % 5000), 'T' || upper(substr(md5(g::text), 1, 6)), 'Campaign ' || g,
      case when g % 100 = 0 then 'Clean water for village ' || g else 'Help project ' || substr(md5(g::text), 1, 10) end,
      'Description ' || md5((g * 7)::text) || ' ' || md5((g * 13)::text),
      (enum_range(null::campaign_category))[1 + g % 16], g % 37 = 0, g % 997 = 0, g % 991 = 0, 'Mint' || g,
      (1 + g % 1000)::bigint * 1000000000, (g % 1200)::bigint * 1000000000, g % 53 = 0,
      case when g % 10 = 0 then null else (g * 7919 % 100000)::bigint * 10000000 end, g % 500,
      case when g % 53 = 0 then 100 else (g % 10000) / 100.0 end,
      case when g % 3 = 0 then null else (g * 104729 % 50000)::bigint * 1000000 end,
      timestamptz '2026-01-01' + g * interval '1 minute',
      case when g % 29 = 0 then '[{"id":"creator_sold","sentence":"The creator has sold more than half of the tokens they held."}]'::jsonb else '[]'::jsonb end,
      timestamptz '2026-01-01' + g * interval '1 minute',
      -- A donation on about 1 campaign in 7, at times out of creation order.
      case when g % 7 = 0 then timestamptz '2026-03-01' + (g * 7919 % 100000) * interval '1 minute' else null end
    from generate_series(1::bigint, ${count}) g`));
  await db.execute(sql`analyze campaigns`);
}

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95) };
}
