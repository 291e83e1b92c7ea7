import type { Env } from '../env';

/** The page a person opens from a mail (works signed out): it asks before unsubscribing. */
export const unsubscribePagePrefix = (env: Env) => `${env.publicUrl}/email/unsubscribe?token=`;
/** RFC 8058's one-click target: a POST here unsubscribes at once (List-Unsubscribe header). */
export const unsubscribeApiPrefix = (env: Env) => `${env.publicUrl}/api/email/unsubscribe?token=`;
export const confirmPageUrl = (env: Env, token: string) => `${env.publicUrl}/email/confirm?token=${encodeURIComponent(token)}`;
/** A confirmation mail's 'this was not me' page (signed out, asks before acting) and its one-click POST. */
export const notMePageUrl = (env: Env, token: string) => `${env.publicUrl}/email/not-me?token=${encodeURIComponent(token)}`;
export const notMeApiUrl = (env: Env, token: string) => `${env.publicUrl}/api/email/not-me?token=${encodeURIComponent(token)}`;
