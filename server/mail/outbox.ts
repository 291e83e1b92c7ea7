// The mail queue's worker side. Delivery is AT MOST ONCE: a row is claimed (pending ->
// sending, in one statement that skips rows another worker holds) before its SMTP send,
// and a row left 'sending' (the worker died between claiming and recording the result,
// maybe after the SMTP server accepted it) is never sent again: after SENDING_LEASE_MS it
// is marked failed as 'outcome unknown'. Resending it could mail a person twice; losing
// a notification mail costs less (the bell still has it).

import { and, eq, lt, sql } from 'drizzle-orm';
import { emailOutbox, emailSuppressions } from '../db/schema';
import type { Services } from '../services';
import { transportOf } from './transport';

export const MAX_ATTEMPTS = 5;
/** Backoff before attempt n+1: BASE * 2^(n-1) (30 s, 1 min, 2 min, 4 min). */
export const RETRY_BASE_MS = 30_000;
/** A claim older than this is a worker that died mid-send. */
export const SENDING_LEASE_MS = 10 * 60_000;
const BATCH = 20;
export const OUTCOME_UNKNOWN = 'Interrupted while sending; not retried because it may have been delivered';
export const SUPPRESSED_UNSENT = 'Not sent: the address asked for no more mail';
export const OVER_HOURLY_CAP = (n: number) => `Not sent: ${n} notification mails reached this address within the hour (EMAILS_PER_HOUR); the bell has it`;
const HOUR_MS = 60 * 60_000;

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Claims up to BATCH due rows for this worker (FOR UPDATE SKIP LOCKED: two workers never claim one row). */
export async function claimDue(services: Services, limit = BATCH): Promise<OutboxRow[]> {
  const now = services.now();
  return services.db.update(emailOutbox).set({ status: 'sending', claimedAt: now, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(sql`${emailOutbox.id} in (select id from ${emailOutbox} where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id limit ${limit} for update skip locked) and ${emailOutbox.status} = 'pending'`)
    .returning();
}

/** Rows a dead worker left 'sending' become failed, never resent (see the file's head). */
export async function expireStaleClaims(services: Services): Promise<number> {
  const cutoff = new Date(services.now().getTime() - SENDING_LEASE_MS);
  const rows = await services.db.update(emailOutbox).set({ status: 'failed', lastError: OUTCOME_UNKNOWN })
    .where(and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.claimedAt, cutoff))).returning({ id: emailOutbox.id });
  return rows.length;
}

/**
 * Why a claimed row must not be sent, or null: its address said 'this was not me', or (a
 * notification) the address has had EMAILS_PER_HOUR notification mails within the hour. The
 * send-mail job runs in one process at a time (its advisory lock) and sends one row after
 * another, so the hour's count is exact however many processes queued the mails.
 */
async function unsendable(services: Services, row: OutboxRow): Promise<string | null> {
  const since = new Date(services.now().getTime() - HOUR_MS);
  const [found] = await services.db.select({
    suppressed: sql<boolean>`exists (select 1 from ${emailSuppressions} where ${emailSuppressions.email} = ${row.toAddress})`,
    sentThisHour: row.purpose === 'notification'
      ? sql<number>`(select count(*)::int from ${emailOutbox} o where o.to_address = ${row.toAddress} and o.status = 'sent'
          and o.purpose = 'notification' and o.sent_at > ${since.toISOString()}::timestamptz)`
      : sql<number>`0`,
  }).from(sql`(select 1) as one`);
  if (found!.suppressed) return SUPPRESSED_UNSENT;
  if (found!.sentThisHour >= services.env.EMAILS_PER_HOUR) return OVER_HOURLY_CAP(services.env.EMAILS_PER_HOUR);
  return null;
}

/** Sends one claimed row and records the outcome: sent, pending again after a backoff, failed, or cancelled unsent (unsendable). */
export async function sendClaimed(services: Services, row: OutboxRow): Promise<void> {
  const transport = transportOf(services);
  if (!transport) return;
  const refusal = await unsendable(services, row);
  if (refusal) {
    await services.db.update(emailOutbox).set({ status: 'cancelled', lastError: refusal })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
    return;
  }
  try {
    await transport.sendMail({
      from: services.env.SMTP_FROM,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      // The queue row's id names the message: a receiver can tell a duplicate should one ever occur.
      messageId: `<outbox-${row.id}@${new URL(services.env.publicUrl).hostname}>`,
      ...(row.unsubscribeUrl ? { list: { unsubscribe: row.unsubscribeUrl } } : {}),
      ...(row.unsubscribeUrl ? { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    });
    await services.db.update(emailOutbox).set({ status: 'sent', sentAt: services.now(), lastError: null })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as { responseCode?: number }).responseCode;
    // A 5xx answer is the server's permanent refusal (no such mailbox, ...): retrying will not help.
    const final = row.attempts >= MAX_ATTEMPTS || (code !== undefined && code >= 500);
    const next = new Date(services.now().getTime() + RETRY_BASE_MS * 2 ** (row.attempts - 1));
    await services.db.update(emailOutbox).set(final
      ? { status: 'failed', lastError: message.slice(0, 500) }
      : { status: 'pending', nextAttemptAt: next, lastError: message.slice(0, 500) })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
    services.log.warn({ err, outboxId: row.id, attempts: row.attempts, final }, 'mail: send failed');
  }
}

/** One pass of the mail job: expire dead claims, then claim and send what is due until none is. */
export async function drainOutbox(services: Services): Promise<{ sent: number; expired: number }> {
  if (!services.env.SMTP_URL) return { sent: 0, expired: 0 };
  const expired = await expireStaleClaims(services);
  let sent = 0;
  for (let rows = await claimDue(services); rows.length > 0; rows = await claimDue(services)) {
    for (const row of rows) await sendClaimed(services, row);
    sent += rows.length;
  }
  return { sent, expired };
}
