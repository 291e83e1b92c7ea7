import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE } from '../../../core/notifications';
import {
  ADDRESS_SUPPRESSED, CONFIRMATIONS_PER_HOUR, CONFIRM_TOKEN_TTL_MS, TOO_MANY_CONFIRMATIONS, tooManyFromClient, tooManyToAddress,
} from '../../commands/saveEmailSettings';
import { campaigns, emailOutbox, emailSubscriptions } from '../../db/schema';
import { MAX_ATTEMPTS, OUTCOME_UNKNOWN, OVER_HOURLY_CAP, SENDING_LEASE_MS, claimDue, drainOutbox } from '../../mail/outbox';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../testing/smtp';
import { signInWallet, testIp, type SignedIn } from '../../testing/wallet';
import { CONFIRM_INVALID, EMAIL_UNAVAILABLE, NOT_ME_INVALID, UNSUBSCRIBE_INVALID } from './email';

let smtp: TestSmtp;
let t: TestApp;
let creator: SignedIn;
let clock = Date.parse('2026-11-26T10:00:00Z');

// Each request from its own client address unless one is given: the per-client cap has its own test.
const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: SignedIn, payload?: object, remoteAddress = testIp()) =>
  t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** The mails received since `from`, after one pass of the mail job. */
async function drained(from: number): Promise<ReceivedMail[]> {
  await drainOutbox(t.services);
  return smtp.mails.slice(from);
}
async function confirmedWallet(email: string): Promise<SignedIn> {
  const who = await signInWallet(t.app);
  const from = smtp.mails.length;
  expect((await send('PUT', '/api/account/email', who, { email, kinds: ['update', 'flagged'] })).statusCode).toBe(202);
  const [mail] = await drained(from);
  const confirm = mail!.links.find((l) => l.includes('/email/confirm?token='))!;
  expect((await send('POST', '/api/email/confirm', undefined, { token: tokenOf(confirm) })).statusCode).toBe(200);
  return who;
}
let updates = 0;
const postUpdate = async () => {
  updates += 1;
  // Signed in afresh: the tests move the clock past sessions' hour.
  creator = await signInWallet(t.app, creator.keypair);
  const res = await send('POST', '/api/campaigns/MintMail/updates', creator, { title: `News ${updates}`, content: 'We met the charity.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://causemint.test' });
  t.services.now = () => new Date(clock);
  creator = await signInWallet(t.app);
  await t.services.db.insert(campaigns).values({
    ticker: 'MAIL', name: 'Mail Aid', goalLamports: 10n ** 11n, creatorWallet: creator.wallet, tokenAddress: 'MintMail', requestId: 'req-mail',
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mail settings', () => {
  it('needs a signed-in wallet, and refuses a bad address or kind with 400, storing nothing', async () => {
    const who = await signInWallet(t.app);
    expect((await send('GET', '/api/account/email')).json()).toEqual({ error: WALLET_REQUIRED_MESSAGE });
    expect((await send('GET', '/api/account/email', who)).json()).toEqual({ available: true, email: null, confirmed: false, awaiting_confirmation: false, kinds: [] });
    const fingerprint = await fingerprinter(t.services.database);
    const before = await fingerprint();
    for (const payload of [{ email: 'not-an-address' }, { email: '' }, { email: `${'a'.repeat(250)}@x.io` }, {}, { email: 'a@b.io', kinds: ['everything'] }, { email: 'a@b.io', extra: 1 }]) {
      const res = await send('PUT', '/api/account/email', who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(payload.email === 'a@b.io' ? /kinds|Unrecognized|extra/ : new RegExp(EMAIL_INVALID_MESSAGE));
    }
    expect(await fingerprint()).toBe(before);
  });

  it('mails a confirmation link, sends nothing else until it is opened, and confirms only with an unexpired token', async () => {
    let who = await signInWallet(t.app);
    const from = smtp.mails.length;
    const res = await send('PUT', '/api/account/email', who, { email: '  Fan@Example.org ', kinds: ['update'] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ email: 'fan@example.org', confirmed: false, awaiting_confirmation: true, kinds: ['update'], confirmation_sent: true });
    expect((await send('PUT', '/api/campaigns/MintMail/follow', who)).statusCode).toBe(200);
    await postUpdate();
    const mails = await drained(from);
    // Only the confirmation: the update is not mailed to an unconfirmed address.
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['fan@example.org']);
    expect(mail!.headers.get('to')).toBe('fan@example.org');
    expect(mail!.subject).toBe('Confirm your e-mail address for Causemint');
    const confirm = mail!.links.find((l) => l.startsWith('https://causemint.test/email/confirm?token='))!;
    expect(confirm).toBeDefined();
    expect(mail!.text).toContain(who.wallet);
    // The token is stored only as its hash.
    const [row] = await t.services.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.wallet, who.wallet));
    expect(row!.confirmTokenHash).not.toBe(tokenOf(confirm));

    expect((await send('POST', '/api/email/confirm', undefined, { token: 'guessed' })).json()).toEqual({ error: CONFIRM_INVALID });
    expect((await send('POST', '/api/email/confirm', undefined, {})).statusCode).toBe(400);
    clock += CONFIRM_TOKEN_TTL_MS + 1000;
    who = await signInWallet(t.app, who.keypair);
    const late = await send('POST', '/api/email/confirm', undefined, { token: tokenOf(confirm) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: CONFIRM_INVALID });
    expect((await send('GET', '/api/account/email', who)).json()).toMatchObject({ confirmed: false, awaiting_confirmation: false });

    // A new request sends a new link; the old one stays dead, the new one confirms once.
    expect((await send('PUT', '/api/account/email', who, { email: 'fan@example.org', kinds: ['update'] })).statusCode).toBe(202);
    const [second] = await drained(from + 1);
    const fresh = second!.links.find((l) => l.includes('/email/confirm?token='))!;
    expect((await send('POST', '/api/email/confirm', undefined, { token: tokenOf(confirm) })).statusCode).toBe(400);
    const ok = await send('POST', '/api/email/confirm', undefined, { token: tokenOf(fresh) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'fan@example.org', confirmed: true });
    expect((await send('POST', '/api/email/confirm', undefined, { token: tokenOf(fresh) })).statusCode).toBe(400);
    expect((await send('GET', '/api/account/email', who)).json()).toMatchObject({ email: 'fan@example.org', confirmed: true, kinds: ['update'] });
    // Saving the same confirmed address again only changes the kinds: no new mail.
    const same = await send('PUT', '/api/account/email', who, { email: 'fan@example.org', kinds: ['update', 'payout'] });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ confirmed: true, kinds: ['update', 'payout'], confirmation_sent: false });
    expect(await drained(from + 2)).toHaveLength(0);
  });

  it(`limits confirmation mails to ${CONFIRMATIONS_PER_HOUR} an hour per wallet (429 with Retry-After)`, async () => {
    let who = await signInWallet(t.app);
    for (let i = 0; i < CONFIRMATIONS_PER_HOUR; i++) {
      expect((await send('PUT', '/api/account/email', who, { email: `try${i}@example.org` })).statusCode).toBe(202);
    }
    const refused = await send('PUT', '/api/account/email', who, { email: 'one-more@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_CONFIRMATIONS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('GET', '/api/account/email', who)).json()).toMatchObject({ email: `try${CONFIRMATIONS_PER_HOUR - 1}@example.org` });
    // Only the newest request's mail is still queued: the older ones were for addresses no longer wanted.
    const queued = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.wallet, who.wallet));
    expect(queued.filter((r) => r.status === 'pending').map((r) => r.toAddress)).toEqual([`try${CONFIRMATIONS_PER_HOUR - 1}@example.org`]);
    // Another wallet is not limited by this one's requests.
    expect((await send('PUT', '/api/account/email', await signInWallet(t.app), { email: 'other@example.org' })).statusCode).toBe(202);
    clock += 60 * 60_000 + 1000;
    who = await signInWallet(t.app, who.keypair);
    expect((await send('PUT', '/api/account/email', who, { email: 'later@example.org' })).statusCode).toBe(202);
    await drainOutbox(t.services);
  });

  it('lets two wallets share an address, each confirming its own; the other wallet\'s link does not confirm it', async () => {
    const [a, b] = [await signInWallet(t.app), await signInWallet(t.app)];
    const from = smtp.mails.length;
    for (const who of [a, b]) expect((await send('PUT', '/api/account/email', who, { email: 'family@example.org' })).statusCode).toBe(202);
    const mails = await drained(from);
    expect(mails.map((m) => m.to[0])).toEqual(['family@example.org', 'family@example.org']);
    const linkFor = (who: SignedIn) => mails.find((m) => m.text.includes(who.wallet))!.links.find((l) => l.includes('/email/confirm'))!;
    expect((await send('POST', '/api/email/confirm', undefined, { token: tokenOf(linkFor(a)) })).statusCode).toBe(200);
    expect((await send('GET', '/api/account/email', a)).json()).toMatchObject({ confirmed: true });
    expect((await send('GET', '/api/account/email', b)).json()).toMatchObject({ confirmed: false, awaiting_confirmation: true });
    expect((await send('POST', '/api/email/confirm', undefined, { token: tokenOf(linkFor(b)) })).statusCode).toBe(200);
    expect((await send('GET', '/api/account/email', b)).json()).toMatchObject({ confirmed: true });
  });

  it('mails followers who chose the kind, with one-click unsubscribe headers (RFC 8058) and links; unsubscribing stops them', async () => {
    const fan = await confirmedWallet('reader@example.org');
    const quiet = await confirmedWallet('quiet@example.org');
    await send('PATCH', '/api/account/email', quiet, { kinds: ['payout'] });
    for (const who of [fan, quiet]) expect((await send('PUT', '/api/campaigns/MintMail/follow', who)).statusCode).toBe(200);
    const from = smtp.mails.length;
    const updateId = await postUpdate();
    const mails = (await drained(from)).filter((m) => m.to[0] === 'reader@example.org' || m.to[0] === 'quiet@example.org');
    // 'quiet' chose payouts only.
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['reader@example.org']);
    expect(mail!.subject).toBe(`Mail Aid ($MAIL) posted an update: News ${updates}`);
    expect(mail!.links).toContain(`https://causemint.test/campaign/MintMail?tab=updates#update-${updateId}`);
    const [row] = await t.services.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.wallet, fan.wallet));
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<https://causemint.test/api/email/unsubscribe?token=${row!.unsubscribeToken}>`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.links).toContain(`https://causemint.test/email/unsubscribe?token=${row!.unsubscribeToken}`);
    expect(mail!.headers.get('from')).toContain('no-reply@causemint.local');

    // The mail client's one-click POST: form-encoded, no cookie, no sign-in.
    const url = new URL(mail!.headers.get('list-unsubscribe')!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST', url: `${url.pathname}${url.search}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    // A repeat is still fine; an unknown token is not.
    expect((await send('POST', `${url.pathname}${url.search}`)).statusCode).toBe(200);
    expect((await send('POST', '/api/email/unsubscribe?token=nope')).json()).toEqual({ error: UNSUBSCRIBE_INVALID });
    expect((await send('POST', '/api/email/unsubscribe')).statusCode).toBe(400);
    expect((await send('GET', '/api/account/email', fan)).json()).toMatchObject({ email: 'reader@example.org', confirmed: false });
    const after = smtp.mails.length;
    await postUpdate();
    expect((await drained(after)).filter((m) => m.to[0] === 'reader@example.org')).toHaveLength(0);
  });
});

describe('confirmation mails to anyone\'s address (issue 35)', () => {
  const mailsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to[0] === email);

  it('15 fresh wallets setting one victim\'s address, from one client or from fifteen, send it 3 mails a day (429 with Retry-After)', async () => {
    await drainOutbox(t.services);
    const from = smtp.mails.length;
    for (const [victim, clientOf] of [['victim@example.org', () => '198.51.100.20'], ['victim2@example.org', () => testIp()]] as const) {
      const wallets = await Promise.all(Array.from({ length: 15 }, () => signInWallet(t.app)));
      // All at once, as a script would: the recipient's lock makes them take turns.
      const answers = await Promise.all(wallets.map((who) => send('PUT', '/api/account/email', who, { email: victim }, clientOf())));
      expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(3);
      const refused = answers.filter((r) => r.statusCode !== 202);
      expect(refused).toHaveLength(12);
      for (const r of refused) {
        expect(r.statusCode).toBe(429);
        expect(r.json()).toEqual({ error: tooManyToAddress(3) });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(86_000);
        expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(86_400);
      }
      expect(mailsTo(await drained(from), victim)).toHaveLength(3);
    }
    // A day later the address may be asked again.
    clock += 24 * 3_600_000 + 1000;
    expect((await send('PUT', '/api/account/email', await signInWallet(t.app), { email: 'victim@example.org' })).statusCode).toBe(202);
  });

  it('caps confirmation mails requested from one client address at 10 a day, whatever the wallets and recipients', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < 10; i++) {
      expect((await send('PUT', '/api/account/email', await signInWallet(t.app), { email: `spread${i}@example.org` }, client)).statusCode).toBe(202);
    }
    const refused = await send('PUT', '/api/account/email', await signInWallet(t.app), { email: 'spread10@example.org' }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: tooManyFromClient(10) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Its neighbour in the same /24 is another client; an IPv6 /64 is one.
    expect((await send('PUT', '/api/account/email', await signInWallet(t.app), { email: 'spread10@example.org' }, '203.0.113.51')).statusCode).toBe(202);
    await drainOutbox(t.services);
  });

  it('\'this was not me\' (no sign-in, the mail\'s link) stops all mail to the address for every wallet, and no wallet can add it again', async () => {
    const owner = 'owner@example.org';
    const own = await confirmedWallet(owner);
    expect((await send('PUT', '/api/campaigns/MintMail/follow', own)).statusCode).toBe(200);
    const stranger = await signInWallet(t.app);
    const from = smtp.mails.length;
    expect((await send('PUT', '/api/account/email', stranger, { email: owner })).statusCode).toBe(202);
    const [mail] = mailsTo(await drained(from), owner);
    expect(mail!.text).toContain('If this was not you, open this link and we will never e-mail this address again');
    const page = mail!.links.find((l) => l.startsWith('https://causemint.test/email/not-me?token='))!;
    // A mail client's one-click unsubscribe on the confirmation is the same 'not me'.
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<https://causemint.test/api/email/not-me?token=${tokenOf(page)}>`);
    // An update is queued for the owner's own wallet, not yet sent.
    await postUpdate();

    expect((await send('POST', '/api/email/not-me?token=guessed')).json()).toEqual({ error: NOT_ME_INVALID });
    expect((await send('POST', '/api/email/not-me')).statusCode).toBe(400);
    const stopped = await send('POST', `/api/email/not-me?token=${encodeURIComponent(tokenOf(page))}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ stopped: true, email: owner, already: false });
    // Once used, the link says so and changes nothing.
    expect((await send('POST', `/api/email/not-me?token=${encodeURIComponent(tokenOf(page))}`)).json()).toEqual({ stopped: true, email: owner, already: true });

    const after = smtp.mails.length;
    await postUpdate();
    expect(mailsTo(await drained(after), owner)).toHaveLength(0);
    const queued = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner));
    expect(queued.filter((r) => r.purpose === 'notification').map((r) => r.status)).toEqual(['cancelled']);
    // Both wallets lost the address; neither they nor a new wallet may add it again.
    for (const who of [own, stranger]) expect((await send('GET', '/api/account/email', who)).json()).toMatchObject({ email: null, confirmed: false });
    for (const who of [own, stranger, await signInWallet(t.app)]) {
      const again = await send('PUT', '/api/account/email', who, { email: owner });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: ADDRESS_SUPPRESSED });
    }
    expect(mailsTo(await drained(after), owner)).toHaveLength(0);
  });
});

describe('reply floods (issue 35)', () => {
  it('12 wallets on 12 addresses replying 5 times each make one unread notification and one mail; mails beyond 10 an hour are not sent, the bell keeps them', async () => {
    const author = await confirmedWallet('author@example.org');
    expect((await send('PATCH', '/api/account/email', author, { kinds: ['comment_reply'] })).statusCode).toBe(200);
    const thread = await send('POST', '/api/campaigns/MintMail/comments', author, { body: 'Is the shelter open yet?' });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = thread.json().id as number;
    await drainOutbox(t.services);
    const from = smtp.mails.length;
    const repliers = await Promise.all(Array.from({ length: 12 }, () => signInWallet(t.app)));
    let n = 0;
    const reply = async (who: SignedIn, address: string) => {
      n += 1;
      const res = await send('POST', '/api/campaigns/MintMail/comments', who, { body: `Reply ${n}`, parent_id: threadId }, address);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const addresses = repliers.map(() => testIp());
    const firstIds = await Promise.all(repliers.map(async (who, i) => {
      const ids = [];
      for (let k = 0; k < 5; k++) ids.push(await reply(who, addresses[i]!));
      return ids[0]!;
    }));
    const bell = async () => (await send('GET', '/api/notifications', author)).json() as { notifications: { id: number; title: string; path: string; read: boolean }[]; unread: number };
    let seen = await bell();
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]!.title).toMatch(/^60 new replies to your comment on Mail Aid \(\$MAIL\) from \S+, \S+ and 10 others$/);
    // It links to the first of them.
    expect(seen.notifications[0]!.path).toBe(`/campaign/MintMail?tab=comments#comment-${Math.min(...firstIds)}`);
    const mails = (await drained(from)).filter((m) => m.to[0] === 'author@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/ replied to your comment on Mail Aid \(\$MAIL\)$/);

    // Read, then replied to again, twelve times within the hour: each is a new notification, but at most 10 mails reach the address an hour.
    for (let round = 0; round < 12; round++) {
      expect((await send('POST', '/api/notifications/read-all', author)).statusCode).toBe(200);
      clock += 61_000;
      await reply(repliers[round]!, addresses[round]!);
      await drainOutbox(t.services);
    }
    seen = await bell();
    expect(seen.notifications).toHaveLength(13);
    expect(seen.unread).toBe(1);
    expect(smtp.mails.slice(from).filter((m) => m.to[0] === 'author@example.org')).toHaveLength(10);
    const capped = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'author@example.org'));
    expect(capped.filter((r) => r.purpose === 'notification' && r.status === 'cancelled').map((r) => r.lastError)).toEqual([OVER_HOURLY_CAP(10), OVER_HOURLY_CAP(10), OVER_HOURLY_CAP(10)]);
    // An hour on, mail flows again.
    clock += 60 * 60_000;
    await send('POST', '/api/notifications/read-all', await signInWallet(t.app, author.keypair));
    await reply(await signInWallet(t.app, repliers[0]!.keypair), addresses[0]!);
    const after = smtp.mails.length;
    expect((await drained(after)).filter((m) => m.to[0] === 'author@example.org')).toHaveLength(1);
  });
});

describe('the mail queue', () => {
  const queueOne = async (email: string) => {
    const who = await signInWallet(t.app);
    expect((await send('PUT', '/api/account/email', who, { email })).statusCode).toBe(202);
    const [row] = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return row!;
  };
  const rowOf = async (id: number) => (await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it('retries a refused mail with exponential backoff, sends it once it is accepted', async () => {
    await drainOutbox(t.services);
    const row = await queueOne('retry@example.org');
    smtp.reject(451, 2);
    await drainOutbox(t.services);
    let now = await rowOf(row.id);
    expect(now).toMatchObject({ status: 'pending', attempts: 1 });
    expect(now.lastError).toMatch(/451/);
    expect(now.nextAttemptAt.getTime() - clock).toBe(30_000);
    // Not due yet: nothing is tried.
    await drainOutbox(t.services);
    expect((await rowOf(row.id)).attempts).toBe(1);
    clock += 30_000;
    await drainOutbox(t.services);
    now = await rowOf(row.id);
    expect(now).toMatchObject({ status: 'pending', attempts: 2 });
    expect(now.nextAttemptAt.getTime() - clock).toBe(60_000);
    clock += 60_000;
    const from = smtp.mails.length;
    await drainOutbox(t.services);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.mails.slice(from).map((m) => m.to[0])).toEqual(['retry@example.org']);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, and at once on a permanent (5xx) refusal`, async () => {
    const row = await queueOne('never@example.org');
    smtp.reject(421, MAX_ATTEMPTS);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drainOutbox(t.services);
      clock += 30_000 * 2 ** i;
    }
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await drainOutbox(t.services);
    expect((await rowOf(row.id)).attempts).toBe(MAX_ATTEMPTS);

    const bounced = await queueOne('nobody@example.org');
    smtp.reject(550, 1);
    await drainOutbox(t.services);
    expect(await rowOf(bounced.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await rowOf(bounced.id)).lastError).toMatch(/550/);
  });

  it('never sends a claimed mail twice: two workers at once split the rows, and a claim left by a crash is failed, not resent', async () => {
    await drainOutbox(t.services);
    const rows = await Promise.all(Array.from({ length: 6 }, (_, i) => queueOne(`pair${i}@example.org`)));
    const from = smtp.mails.length;
    // Two workers' passes at once (the job's advisory lock aside): each row is claimed by one.
    await Promise.all([drainOutbox(t.services), drainOutbox(t.services)]);
    const got = smtp.mails.slice(from).map((m) => m.to[0]).sort();
    expect(got).toEqual(rows.map((r) => r.toAddress).sort());

    // A worker claims a row and dies before recording the outcome (the SMTP server may have accepted it).
    const crashed = await queueOne('crash@example.org');
    const claimed = await claimDue(t.services);
    expect(claimed.map((r) => r.id)).toEqual([crashed.id]);
    const before = smtp.mails.length;
    await drainOutbox(t.services);
    expect(await rowOf(crashed.id)).toMatchObject({ status: 'sending' });
    clock += SENDING_LEASE_MS + 1000;
    await drainOutbox(t.services);
    expect(await rowOf(crashed.id)).toMatchObject({ status: 'failed', lastError: OUTCOME_UNKNOWN });
    expect(smtp.mails.length).toBe(before);
  });
});

describe('without SMTP_URL', () => {
  it('queues and sends nothing, and the settings say e-mail is unavailable', async () => {
    const plain = await createTestApp();
    try {
      const who = await signInWallet(plain.app);
      const get = await plain.app.inject({ method: 'GET', url: '/api/account/email', headers: { cookie: who.cookie } });
      expect(get.json()).toMatchObject({ available: false });
      const put = await plain.app.inject({ method: 'PUT', url: '/api/account/email', headers: { cookie: who.cookie }, payload: { email: 'x@example.org' } });
      expect(put.statusCode).toBe(409);
      expect(put.json()).toEqual({ error: EMAIL_UNAVAILABLE });
      expect(await plain.services.db.select().from(emailOutbox)).toEqual([]);
      expect(await drainOutbox(plain.services)).toEqual({ sent: 0, expired: 0 });
    } finally {
      await plain.close();
    }
  }, 60_000);
});
