import type { Connection } from '@solana/web3.js';

/**
 * A cluster's latest blockhash, asked for at most once per `maxAgeMs` and shared by every
 * caller meanwhile (one request in flight). Each trade quote needs one; a blockhash stays
 * valid for 150 slots (about a minute), so one under a second old serves a 30 s quote as
 * well as the newest, and a burst of quotes costs the RPC node one call, not one each.
 */
export function sharedLatestBlockhash(connection: Connection, maxAgeMs = 1000, now: () => number = Date.now): () => Promise<string> {
  let cached: { blockhash: string; at: number } | null = null;
  let pending: Promise<string> | null = null;
  return () => {
    if (cached && now() - cached.at < maxAgeMs) return Promise.resolve(cached.blockhash);
    pending ??= (async () => {
      const asked = now();
      try {
        const { blockhash } = await connection.getLatestBlockhash('confirmed');
        cached = { blockhash, at: asked };
        return blockhash;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };
}
