import nodemailer, { type Transporter } from 'nodemailer';
import { perServices, type Services } from '../services';

/** One pooled SMTP connection set per Services (a process), made on first use. Null without SMTP_URL. */
export const transportOf = perServices((services: Services): Transporter | null => {
  const url = services.env.SMTP_URL;
  if (!url) return null;
  // Timeouts bounded so a dead server fails the attempt (and its backoff) instead of holding the job.
  return nodemailer.createTransport(url, {
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
  } as never);
});
