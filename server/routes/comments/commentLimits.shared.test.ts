import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, COMMENTS_PER_MINUTE } from '../../../core/schemas/comment';
import { campaigns } from '../../db/schema';
import { signInWallet, testIp } from '../../testing/wallet';
import { createWebPair, type WebPair } from '../../testing/webPair';

describe('comment limits across web processes (two apps, one database)', () => {
  let pair: WebPair;
  let mint: string;
  beforeAll(async () => {
    pair = await createWebPair();
    mint = Keypair.generate().publicKey.toBase58();
    await pair.services[0].db.insert(campaigns).values({ creatorWallet: Keypair.generate().publicKey.toBase58(), ticker: 'FLEET', name: 'Fleet', goalLamports: 1n, tokenAddress: mint });
  });
  afterAll(async () => { await pair?.close(); });

  const post = (web: number, cookie: string, body: string, remoteAddress = testIp()) =>
    pair.apps[web]!.inject({ method: 'POST', url: `/api/campaigns/${mint}/comments`, payload: { body }, headers: { cookie }, remoteAddress });

  it(`a wallet posting through both processes gets ${COMMENTS_PER_MINUTE} a minute in all, and a duplicate is caught on the other process`, async () => {
    const w = await signInWallet(pair.apps[0]);
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await post(i % 2, w.cookie, `hello ${i}`)).statusCode).toBe(201);
    for (const web of [0, 1]) {
      const res = await post(web, w.cookie, 'one more');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe(COMMENT_MESSAGES.tooFast);
    }
    const v = await signInWallet(pair.apps[1]);
    expect((await post(0, v.cookie, 'only once')).statusCode).toBe(201);
    expect((await post(1, v.cookie, 'only once')).statusCode).toBe(409);
  });
});
