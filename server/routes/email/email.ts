import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EmailKindsInput, EmailSettingsInput } from '../../../core/notifications';
import { confirmEmail } from '../../commands/confirmEmail';
import { saveEmailSettings } from '../../commands/saveEmailSettings';
import { stopEmailToAddress } from '../../commands/stopEmailToAddress';
import { unsubscribeEmail } from '../../commands/unsubscribeEmail';
import { emailSubscriptions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { MAIL_QUEUED_EVENT } from '../../notifications/events';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet } from '../../policies/wallet';
import type { RouteOptions } from '../../services';

export const EMAIL_UNAVAILABLE = 'E-mail is not available on this site';
export const NO_EMAIL = 'No e-mail address is set';
export const CONFIRM_INVALID = 'This confirmation link is invalid or has expired. Ask for a new one from your profile.';
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid';
export const NOT_ME_INVALID = 'This link is not valid. Open the link from the mail again.';
const TOKEN_MESSAGE = 'token is required';
const Token = z.string({ error: TOKEN_MESSAGE }).trim().min(1, TOKEN_MESSAGE).max(200, TOKEN_MESSAGE);
const TOKEN_LIMIT = { max: 30, windowMs: 60_000, message: 'Too many attempts. Please wait a minute.' };

/**
 * E-mail for notifications: the signed-in wallet's address and kinds (/api/account/email),
 * the confirmation link's POST, the one-click unsubscribe and 'this was not me' (all three
 * without sign-in).
 */
export const emailRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;
  const signedIn = { preHandler: requireWallet(services) };
  // RFC 8058: a mail client's one-click POST is form-encoded ('List-Unsubscribe=One-Click'); the token is in the URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
  const available = () => Boolean(env.SMTP_URL);

  const settingsOf = async (wallet: string) => {
    const [row] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.wallet, wallet));
    return {
      available: available(),
      email: row?.email ?? null,
      confirmed: Boolean(row?.confirmedAt),
      awaiting_confirmation: Boolean(row && !row.confirmedAt && row.confirmExpiresAt && row.confirmExpiresAt > services.now()),
      kinds: row?.kinds ?? [],
    };
  };

  app.get('/account/email', signedIn, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsOf(currentWallet(request));
  });

  app.put('/account/email', signedIn, async (request, reply) => {
    if (!available()) throw conflict(EMAIL_UNAVAILABLE);
    const input = parseInput(EmailSettingsInput, request.body);
    const wallet = currentWallet(request);
    const { confirmationSent } = await saveEmailSettings(db, env, { wallet, ...input, now: services.now(), clientAddress: request.ip });
    if (confirmationSent) await services.events.publish({ type: MAIL_QUEUED_EVENT });
    return reply.status(confirmationSent ? 202 : 200).send({ ...await settingsOf(wallet), confirmation_sent: confirmationSent });
  });

  app.patch('/account/email', signedIn, async (request) => {
    const { kinds } = parseInput(EmailKindsInput, request.body);
    const wallet = currentWallet(request);
    const rows = await db.update(emailSubscriptions).set({ kinds, updatedAt: services.now() }).where(eq(emailSubscriptions.wallet, wallet)).returning();
    if (rows.length === 0) throw notFound(NO_EMAIL);
    return settingsOf(wallet);
  });

  app.delete('/account/email', signedIn, async (request, reply) => {
    const wallet = currentWallet(request);
    const [row] = await db.select({ token: emailSubscriptions.unsubscribeToken }).from(emailSubscriptions).where(eq(emailSubscriptions.wallet, wallet));
    if (row) await unsubscribeEmail(db, { token: row.token, now: services.now() });
    await db.delete(emailSubscriptions).where(eq(emailSubscriptions.wallet, wallet));
    return reply.status(204).send();
  });

  app.post('/email/confirm', { preHandler: rateLimit(TOKEN_LIMIT) }, async (request) => {
    const { token } = parseInput(z.object({ token: Token }).strict(), request.body);
    const confirmed = await confirmEmail(db, { token, now: services.now() });
    if (!confirmed) throw badRequest(CONFIRM_INVALID);
    return { email: confirmed.email, confirmed: true };
  });

  // The List-Unsubscribe target (and the unsubscribe page's button): no sign-in, the token is the authority.
  app.post('/email/unsubscribe', { preHandler: rateLimit(TOKEN_LIMIT) }, async (request) => {
    const { token } = parseInput(z.object({ token: Token }), request.query);
    if (!await unsubscribeEmail(db, { token, now: services.now() })) throw badRequest(UNSUBSCRIBE_INVALID);
    return { unsubscribed: true };
  });

  // A confirmation mail's 'this was not me' (its page's button, and the mail's List-Unsubscribe): no mail to that address ever again.
  app.post('/email/not-me', { preHandler: rateLimit(TOKEN_LIMIT) }, async (request) => {
    const { token } = parseInput(z.object({ token: Token }), request.query);
    const stopped = await stopEmailToAddress(db, { token, now: services.now() });
    if (!stopped) throw badRequest(NOT_ME_INVALID);
    return { stopped: true, email: stopped.email, already: stopped.already };
  });
};
