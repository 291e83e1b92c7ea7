import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { findWalletSession, WALLET_SESSION_COOKIE, type WalletSession } from '../auth/wallet/session';
import { forbidden, unauthorized } from '../http/errors';
import { isCrossSiteWrite } from '../http/origin';
import type { Services } from '../services';

const sessions = new WeakMap<FastifyRequest, WalletSession>();

export const WALLET_REQUIRED_MESSAGE = 'Authentication required: Please authenticate your wallet first';

/** The live wallet session of a request, or null (no cookie, unknown, ended or expired). */
export function walletSessionOf(services: Services, request: FastifyRequest): Promise<WalletSession | null> {
  return findWalletSession(services.db, request.cookies[WALLET_SESSION_COOKIE], services.now());
}

/**
 * preHandler for routes that act as a wallet: a live session cookie (401 otherwise) and,
 * for writes, our own Origin. Handlers then read the wallet with `currentWallet(request)`.
 */
export function requireWallet(services: Services): preHandlerAsyncHookHandler {
  return async (request) => {
    if (isCrossSiteWrite(request, services.env)) throw forbidden('Cross-site request refused');
    const session = await walletSessionOf(services, request);
    if (!session) throw unauthorized(WALLET_REQUIRED_MESSAGE);
    sessions.set(request, session);
  };
}

export function currentWalletSession(request: FastifyRequest): WalletSession {
  const session = sessions.get(request);
  if (!session) throw new Error('currentWalletSession() called on a route without requireWallet');
  return session;
}

/** The signed-in wallet's base58 address. */
export function currentWallet(request: FastifyRequest): string {
  return currentWalletSession(request).wallet;
}

/** Creator rights: the session wallet is the owner, compared exactly (base58 is case-sensitive). */
export function isSameWallet(sessionWallet: string, ownerWallet: string | null | undefined): boolean {
  return Boolean(ownerWallet) && sessionWallet === ownerWallet;
}
