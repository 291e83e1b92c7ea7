import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { FastifyInstance } from 'fastify';
import { signEd25519 } from '../chain/ed25519';

/** base58 of the keypair's ed25519 signature over the UTF-8 message, as a wallet's signMessage gives it. */
export function signMessage(keypair: Keypair, message: string): string {
  return bs58.encode(signEd25519(keypair, Buffer.from(message, 'utf8')));
}

export type SignedIn = { keypair: Keypair; wallet: string; cookie: string; expiresAt: string; isNewUser: boolean };

let nextIp = 1;
/** A fresh client address per sign-in, so tests never trip the per-IP sign-in limit. */
export function testIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

/** Signs in through the real HTTP API with a real ed25519 keypair; returns the Cookie header to send. */
export async function signInWallet(app: FastifyInstance, keypair: Keypair = Keypair.generate()): Promise<SignedIn> {
  const wallet = keypair.publicKey.toBase58();
  const remoteAddress = testIp();
  const challenge = await app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { wallet }, remoteAddress });
  if (challenge.statusCode !== 200) throw new Error(`challenge failed: ${challenge.statusCode} ${challenge.body}`);
  const { message } = challenge.json() as { message: string };
  const verify = await app.inject({
    method: 'POST', url: '/api/auth/verify', payload: { wallet, message, signature: signMessage(keypair, message) }, remoteAddress,
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  const set = verify.cookies.find((c) => c.name === 'cm_session');
  if (!set) throw new Error('verify set no cm_session cookie');
  const body = verify.json() as { expiresAt: string; isNewUser: boolean };
  return { keypair, wallet, cookie: `cm_session=${set.value}`, expiresAt: body.expiresAt, isNewUser: body.isNewUser };
}
