import { drainOutbox } from '../mail/outbox';
import { MAIL_QUEUED_EVENT } from '../notifications/events';
import type { Job } from './runner';

/**
 * Sends the queued mails (server/mail/outbox.ts) when SMTP_URL is set: every 5 s, and at
 * once when a mail is queued (MAIL_QUEUED_EVENT from any process).
 */
export const sendMailJob: Job = {
  name: 'send-mail',
  everyMs: 5000,
  runAtStart: true,
  run: async (services) => { await drainOutbox(services); },
  wake: (services, trigger) => services.events.subscribe((event) => { if (event.type === MAIL_QUEUED_EVENT) trigger(); }),
};
