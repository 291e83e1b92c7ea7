import type { Env } from '../env';

/** The page a person opens from a mail (works signed out): it asks before unsubscribing. */
export const unsubscribePagePrefix = (env: Env) => `${env.publicUrl}/email/unsubscribe?token=`;
/** RFC 8058's one-click target: a POST here unsubscribes at once (List-Unsubscribe header). */
export const unsubscribeApiPrefix = (env: Env) => `${env.publicUrl}/api/email/unsubscribe?token=`;
export const confirmPageUrl = (env: Env, token: string) => `${env.publicUrl}/email/confirm?token=${encodeURIComponent(token)}`;
