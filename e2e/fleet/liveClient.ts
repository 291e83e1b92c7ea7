// What live.test.ts does as a client: the admin's calls to one web process, a page that
// records every live event it hears with the time it heard it, and requests made "from" an
// address of our choosing through the trusted-proxy header.

import bs58 from 'bs58';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const FLEET_ADMIN = { username: 'fleet-admin', password: 'fleet-admin-password-123' };
export const FLEET_ADMIN_ENV = { ADMIN_USERNAME: FLEET_ADMIN.username, ADMIN_PASSWORD: FLEET_ADMIN.password };

/** A JSON call to one process; `ip` is sent as X-Forwarded-For (the fleet trusts 127.0.0.1 as its proxy). */
export async function call<T = Record<string, unknown>>(
  baseUrl: string, method: string, path: string, options: { body?: unknown; cookie?: string; ip?: string } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let json: unknown = text;
  try { json = JSON.parse(text); } catch { /* a page */ }
  return { status: res.status, json: json as T };
}

/** The admin's session cookie from this process's login route. */
export async function adminLogin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(FLEET_ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A SOL transfer carrying a Solana Pay reference (as the Support dialog's is), sent through `baseUrl`'s /api/rpc. */
export async function donate(baseUrl: string, from: Keypair, to: string, reference: string, lamports: number): Promise<string> {
  const rpc = async <T>(method: string, params: unknown[]) => {
    const { status, json } = await call<{ result: T; error?: unknown }>(baseUrl, 'POST', '/api/rpc', { body: { jsonrpc: '2.0', id: 1, method, params } });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.error).toBeUndefined();
    return json.result;
  };
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const transfer = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports });
  transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: value.blockhash }).add(transfer);
  tx.sign(from);
  const signature = await rpc<string>('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
  expect(signature).toBe(bs58.encode(tx.signature!));
  return signature;
}

type Heard = { at: number; event: { type: string; [key: string]: unknown } };
type Recorder = { __heard: Heard[]; __stream: EventSource };

/**
 * Opens an EventSource on /api/events inside the page (beside the app's own) that keeps
 * every event with the page's clock (this machine's, as the test's) at the moment it arrived.
 */
export async function recordLiveEvents(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve, reject) => {
    const w = window as unknown as Recorder;
    w.__heard = [];
    w.__stream = new EventSource('/api/events');
    w.__stream.onmessage = (message) => { w.__heard.push({ at: Date.now(), event: JSON.parse(message.data) as Heard['event'] }); };
    w.__stream.onopen = () => resolve();
    w.__stream.onerror = () => reject(new Error('the page could not open /api/events'));
  }));
}

/** When the page heard the first event of `type` whose fields include `fields` (fails after `timeoutMs`). */
export async function heardAt(page: Page, type: string, fields: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const heard = await page.evaluate(() => (window as unknown as Recorder).__heard);
    const hit = heard.find((h) => h.event.type === type && Object.entries(fields).every(([k, v]) => h.event[k] === v));
    if (hit) return hit.at;
    if (Date.now() > deadline) throw new Error(`the page heard no ${type} ${JSON.stringify(fields)}; it heard ${JSON.stringify(heard.map((h) => h.event))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Polls `probe` until it returns true; resolves with when that was (fails after `timeoutMs`). */
export async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return Date.now();
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
