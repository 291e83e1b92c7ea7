import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientInfoOf } from '../../auth/wallet/clientInfo';
import { analyticsConsented } from '../../policies/analyticsConsent';
import { WALLET_SESSION_COOKIE } from '../../auth/wallet/session';
import { sessionCookieOptions } from '../../http/cookies';
import { createAuthChallenge } from '../../commands/createAuthChallenge';
import { endWalletSession } from '../../commands/endWalletSession';
import { startWalletSession } from '../../commands/startWalletSession';
import { parseInput } from '../../http/validate';
import { assertSharedRate } from '../../policies/sharedRate';
import { walletSessionOf } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { ChallengeSchema, VerifySchema } from './schema';

const SIGN_IN_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

/** Wallet sign-in: challenge, verify (sets the session cookie), session, logout. */
export const authRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env } = services;
  // Counted in the database (policies/sharedRate.ts): behind any number of web processes a client gets SIGN_INS_PER_MINUTE of each.
  const limit = (kind: 'sign_in_challenge' | 'sign_in_verify', request: FastifyRequest) =>
    assertSharedRate(services, { kind, max: env.SIGN_INS_PER_MINUTE, windowMs: 60_000 }, SIGN_IN_MESSAGE, request);

  app.post('/auth/challenge', async (request) => {
    const { wallet } = parseInput(ChallengeSchema, request.body);
    await limit('sign_in_challenge', request);
    const challenge = await createAuthChallenge(services, wallet);
    return { message: challenge.message, nonce: challenge.nonce, expiresAt: challenge.expiresAt.toISOString() };
  });

  app.post('/auth/verify', async (request, reply) => {
    const proof = parseInput(VerifySchema, request.body);
    await limit('sign_in_verify', request);
    const previous = await walletSessionOf(services, request);
    const session = await startWalletSession(services, proof, clientInfoOf(request, env.TRUST_PROXY), analyticsConsented(request.cookies));
    // One browser, one session: signing in again (say, with another wallet) ends the old one.
    if (previous) await endWalletSession(services.db, previous.id, services.now());
    reply.setCookie(WALLET_SESSION_COOKIE, session.token, sessionCookieOptions(env, session.expiresAt));
    return { wallet: session.wallet, expiresAt: session.expiresAt.toISOString(), isNewUser: session.isNewUser };
  });

  app.get('/auth/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Signed out is an answer, not a failure: a visitor's page load must not log an HTTP error.
    const session = await walletSessionOf(services, request);
    return { session: session ? { wallet: session.wallet, expiresAt: session.expiresAt.toISOString() } : null };
  });

  app.post('/auth/logout', async (request, reply) => {
    const session = await walletSessionOf(services, request);
    if (session) await endWalletSession(services.db, session.id, services.now());
    reply.clearCookie(WALLET_SESSION_COOKIE, sessionCookieOptions(env));
    return { ok: true };
  });
};
