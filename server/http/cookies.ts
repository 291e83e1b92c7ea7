import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Env } from '../env';

/**
 * Options of every session cookie (wallet and admin): httpOnly, SameSite=Lax, Secure when
 * the site is served over HTTPS; `expires` matches the session row.
 */
export function sessionCookieOptions(env: Env, expires?: Date): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.publicUrl.startsWith('https://'),
    ...(expires ? { expires } : {}),
  };
}
