import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Keypair } from '@solana/web3.js';
import { sql } from 'drizzle-orm';
import { campaignComments, campaigns, userProfiles } from '../server/db/schema';
import { signInWallet, testIp } from '../server/testing/wallet';
import { openBenchServer } from './support/benchServer';

export type CommentBenchRow = { bench: string; runs: number; p50: number; p95: number; unit: string; target: string; ok: boolean };

const THREAD = 10_000;
const SMALL_CAMPAIGNS = 100;
const SMALL = 50;
const RUNS = 200;
const TARGET_MS = 30;

/**
 * A campaign with 10,000 comments (one in ten threads carrying two replies; 200 authors, half
 * with profiles) beside 100 campaigns of 50: the Comments tab's first page and a deep page
 * (cursor past 9,500 comments), a small campaign's first page, each 20 threads with replies,
 * badges and profiles, and
 * posting a comment (limits, mute and duplicate checks, insert, event), all through the
 * real HTTP routes (Fastify inject). PGlite in a temporary directory, or DATABASE_URL.
 */
export default async function commentsBench(): Promise<CommentBenchRow[]> {
  const { services, app, close } = await openBenchServer('comments');
  try {
    const wallet = () => Keypair.generate().publicKey.toBase58();
    const [target, ...others] = await services.db.insert(campaigns).values(Array.from({ length: 1 + SMALL_CAMPAIGNS }, (_, i) => (
      { creatorWallet: wallet(), ticker: i === 0 ? 'BENCH' : `SMALL${i}`, name: `Bench ${i}`, goalLamports: 1n, tokenAddress: wallet(), requestId: `bench-${wallet()}` }
    ))).returning();
    const authors = Array.from({ length: 200 }, wallet);
    await services.db.insert(userProfiles).values(authors.slice(0, 100).map((w, i) => ({ walletAddress: w, username: `author ${i}` })));
    const start = Date.now() - 20 * 24 * 3_600_000;
    const seed = async (campaignId: number, n: number) => {
      let made = 0;
      await services.db.transaction(async (tx) => {
        while (made < n) {
          const batch = Array.from({ length: Math.min(500, n - made) }, (_, i) => ({
            campaignId, authorWallet: authors[(made + i) % authors.length]!, clientAddress: `10.0.${(made + i) % 250}.1`,
            body: `Comment ${made + i}: ${'words '.repeat(20)}`, createdAt: new Date(start + (made + i) * 60_000),
          }));
          const rows = await tx.insert(campaignComments).values(batch).returning({ id: campaignComments.id });
          // Every tenth thread gets two replies (counted in n).
          const replies = rows.filter((_, i) => i % 10 === 0).flatMap((r) => [0, 1].map((k) => ({
            campaignId, parentId: r.id, authorWallet: authors[(r.id + k) % authors.length]!, clientAddress: '10.1.0.1',
            body: `Reply ${k}`, createdAt: new Date(start + (made + batch.length) * 60_000),
          })));
          await tx.insert(campaignComments).values(replies);
          made += batch.length + replies.length;
        }
      });
    };
    // The small campaigns' comments before and after the big thread's, so their pages are not all at one end of the ids.
    for (const c of others.slice(0, SMALL_CAMPAIGNS / 2)) await seed(c.id, SMALL);
    await seed(target.id, THREAD);
    for (const c of others.slice(SMALL_CAMPAIGNS / 2)) await seed(c.id, SMALL);
    await services.db.execute(sql.raw('analyze campaign_comments'));

    const mint = target.tokenAddress!;
    const time = async (label: string, call: (i: number) => Promise<{ statusCode: number; body: string }>, expected: number): Promise<CommentBenchRow> => {
      for (let i = 0; i < 10; i++) await call(-1 - i);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await call(i);
        times.push(performance.now() - t0);
        if (res.statusCode !== expected) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      }
      const { p50, p95 } = percentiles(times);
      return { bench: `comments: ${label}`, runs: RUNS, p50, p95, unit: 'ms', target: `p95 < ${TARGET_MS}`, ok: p95 < TARGET_MS };
    };
    // The 500th oldest thread of the big campaign: a page near its end.
    const [deep] = await services.db.select({ id: campaignComments.id }).from(campaignComments)
      .where(sql`${campaignComments.campaignId} = ${target.id} and ${campaignComments.parentId} is null`).orderBy(campaignComments.id).offset(500).limit(1);
    const deepCursor = deep!.id;
    const read = (query: string, token = mint) => () => app.inject({ method: 'GET', url: `/api/campaigns/${token}/comments${query}`, remoteAddress: testIp() });
    const smallMint = others[SMALL_CAMPAIGNS / 2]!.tokenAddress!;

    // 60 wallets each post at most 4 (under the 5-a-minute limit), each post from its own address.
    const posters = await Promise.all(Array.from({ length: 60 }, () => signInWallet(app)));
    const post = (i: number) => {
      const who = posters[(i + 60) % posters.length]!;
      return app.inject({
        method: 'POST', url: `/api/campaigns/${mint}/comments`, remoteAddress: testIp(), headers: { cookie: who.cookie },
        payload: { body: `Bench post ${i} ${Math.random()}` },
      });
    };
    const rows = [
      await time(`read the first page of a ${THREAD.toLocaleString('en-US')}-comment campaign (20 threads, replies, badges)`, read(''), 200),
      await time('read a deep page (cursor past ~9,500 comments)', read(`?cursor=${deepCursor}`), 200),
      await time(`read the first page of a ${SMALL}-comment campaign among them`, read('', smallMint), 200),
      await time('post a comment (limits, duplicate check, insert, event)', post, 201),
    ];
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { p50: at(0.5), p95: at(0.95) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await commentsBench();
