import type { Connection } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { sharedLatestBlockhash } from './recentBlockhash';

/** A cluster that answers getLatestBlockhash with a new hash each time, after `delayMs`. */
function cluster(delayMs = 5) {
  let asked = 0;
  const connection = {
    getLatestBlockhash: async () => {
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { blockhash: `hash${asked}`, lastValidBlockHeight: 150 };
    },
  } as unknown as Connection;
  return { connection, asked: () => asked };
}

describe('sharedLatestBlockhash', () => {
  it('asks the cluster once for a burst of callers, and again once the hash is older than the limit', async () => {
    let clock = 0;
    const node = cluster();
    const latest = sharedLatestBlockhash(node.connection, 1000, () => clock);
    const burst = await Promise.all(Array.from({ length: 50 }, () => latest()));
    expect(new Set(burst)).toEqual(new Set(['hash1']));
    expect(node.asked()).toBe(1);
    clock = 999;
    expect(await latest()).toBe('hash1');
    clock = 1000;
    expect(await latest()).toBe('hash2');
    expect(node.asked()).toBe(2);
  });

  it('does not keep a failed answer: the next caller asks again', async () => {
    let fail = true;
    const connection = {
      getLatestBlockhash: async () => {
        if (fail) throw new Error('node down');
        return { blockhash: 'fresh', lastValidBlockHeight: 1 };
      },
    } as unknown as Connection;
    const latest = sharedLatestBlockhash(connection);
    await expect(latest()).rejects.toThrow('node down');
    fail = false;
    expect(await latest()).toBe('fresh');
  });
});
