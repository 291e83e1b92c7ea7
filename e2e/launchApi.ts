// Launches a campaign token on its own DBC pool through the HTTP API of a running server, as
// the creation page does it: sign in a fresh wallet, airdrop test SOL, upload a logo, prepare,
// create (it answers the one launch transaction), the creator's signature, complete (it relays
// it). Other e2e tests call it to get a live token (e.g. the trade page) without driving the
// creation form.

import bs58 from 'bs58';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { signMessage } from '../server/testing/wallet';
import { solidPng } from './png';

/** Prepare's answer: the request and its keys; nothing is paid before the launch transaction. */
export type LaunchPrepared = {
  program: 'dbc'; request_id: string; distribution_wallet: string; amount_to_fund: number;
  amount_to_fund_lamports: string; token_address: string;
};

/** Create's answer: the launch transaction for the creator's wallet to sign, and what it takes from it. */
export type LaunchToSign = {
  status: 'sign'; requestId: string; transactionBase64: string; mintAddress: string; pool: string;
  expectedTokens: string; totalLamports: string;
};

export type LaunchCreated = {
  mintAddress: string; txSignature: string; bondingCurve: string; pool: string; distributionWallet: string;
  requestId: string; campaignId: number; initialBuyTokens: string;
};

export type LaunchOptions = {
  /** The creator's wallet; a fresh keypair by default. */
  creator?: Keypair;
  /** SOL airdropped to the creator first (0: none). Default 3. */
  airdropSol?: number;
  name?: string;
  ticker?: string;
  description?: string;
  /** SOL as a decimal string ('0' or absent: no initial buy). Default '0.1'. */
  initialBuy?: string;
  goal?: string;
  category?: string;
  bondingCurveType?: 1 | 2;
  donationWallet?: string;
  /** Uploaded as a real PNG through /api/uploads unless given. */
  imageUrl?: string;
  videoUrl?: string;
  photos?: { url: string; isMain: boolean }[];
  website?: string;
  twitter?: string;
  telegram?: string;
  /**
   * Sent as X-Forwarded-For on every call: behind a trusted proxy (nginx) each launch then
   * counts against its own client's per-address limits (the fleet bench launches 100).
   */
  clientAddress?: string;
};

export type LaunchedCampaign = {
  /** The token's mint address (the campaign's token_address). */
  mint: string;
  creator: Keypair;
  /** The creator's `Cookie` header value (cm_session), for further signed-in calls. */
  cookie: string;
  prepared: LaunchPrepared;
  created: LaunchCreated;
};

const DEFAULT_DONATION_WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

async function call<T>(baseUrl: string, path: string, init: RequestInit & { cookie?: string; clientAddress?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('origin', baseUrl);
  if (init.clientAddress) headers.set('x-forwarded-for', init.clientAddress);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function rpc<T>(baseUrl: string, method: string, params: unknown[], clientAddress?: string): Promise<T> {
  const body = await call<{ result?: T; error?: { message: string } }>(baseUrl, '/api/rpc', {
    clientAddress,
    method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Signs a wallet in (Sign-In-With-Solana) and returns its Cookie header value. */
export async function signInKeypair(baseUrl: string, keypair: Keypair, clientAddress?: string): Promise<string> {
  const wallet = keypair.publicKey.toBase58();
  const { message } = await call<{ message: string }>(baseUrl, '/api/auth/challenge', { method: 'POST', body: JSON.stringify({ wallet }), clientAddress });
  const res = await fetch(`${baseUrl}/api/auth/verify`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}) },
    body: JSON.stringify({ wallet, message, signature: signMessage(keypair, message) }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('cm_session='));
  if (!cookie) throw new Error('sign-in set no cm_session cookie');
  return cookie;
}

/** A SOL transfer signed by `from` and sent through /api/rpc (its answer means it is durable on the local ledger). */
export async function transferSol(baseUrl: string, from: Keypair, to: string, lamports: bigint, clientAddress?: string): Promise<string> {
  const { value } = await rpc<{ value: { blockhash: string } }>(baseUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }], clientAddress);
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: value.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }));
  tx.sign(from);
  const signature = await rpc<string>(baseUrl, 'sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }], clientAddress);
  if (signature !== bs58.encode(tx.signature!)) throw new Error('sendTransaction answered another signature');
  return signature;
}

async function uploadLogo(baseUrl: string, cookie: string, clientAddress?: string): Promise<string> {
  const form = new FormData();
  form.set('kind', 'token_logo');
  form.set('file', new Blob([new Uint8Array(solidPng(64, 64, [32, 160, 96]))], { type: 'image/png' }), 'logo.png');
  const { url } = await call<{ url: string }>(baseUrl, '/api/uploads', { method: 'POST', body: form, cookie, clientAddress });
  return url;
}

/** A launch up to its create call: signed in, logo uploaded, prepared; `body` is the create request's. */
export type PreparedLaunch = { creator: Keypair; cookie: string; prepared: LaunchPrepared; body: Record<string, unknown>; clientAddress?: string };

/** Everything before create: sign in, airdrop, upload a logo, prepare. */
export async function prepareLaunch(baseUrl: string, options: LaunchOptions = {}): Promise<PreparedLaunch> {
  const creator = options.creator ?? Keypair.generate();
  const wallet = creator.publicKey.toBase58();
  const { clientAddress } = options;
  const airdropSol = options.airdropSol ?? 3;
  if (airdropSol > 0) {
    await call(baseUrl, '/api/dev/airdrop', { method: 'POST', body: JSON.stringify({ wallet, sol: airdropSol }), clientAddress });
  }
  const cookie = await signInKeypair(baseUrl, creator, clientAddress);
  const imageUrl = options.imageUrl ?? await uploadLogo(baseUrl, cookie, clientAddress);
  const initialBuy = options.initialBuy ?? '0.1';
  const prepared = await call<LaunchPrepared>(baseUrl, `/api/revshare/prepare?initialBuy=${encodeURIComponent(initialBuy)}`, { cookie, clientAddress });
  if (prepared.program !== 'dbc') throw new Error(`prepare answered a ${String(prepared.program)} launch: the server must launch on DBC`);
  const ticker = options.ticker ?? `T${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6).toUpperCase().padEnd(4, 'X')}`;
  const body = {
    request_id: prepared.request_id,
    name: options.name ?? `Campaign ${ticker}`,
    ticker,
    description: options.description ?? 'A campaign launched by an end-to-end test.',
    imageUrl,
    developerWallet: wallet,
    website: options.website ?? '',
    twitter: options.twitter ?? '',
    telegram: options.telegram ?? '',
    decimals: 9, taxTier: 6, visible: 1, mode: 0, dev_fee_percentage: 50, reward_ca: '',
    initialBuy,
    bondingCurveType: options.bondingCurveType ?? 1,
    ref: '',
    category: options.category ?? 'Community',
    goal: options.goal ?? '100',
    donationWallet: options.donationWallet ?? DEFAULT_DONATION_WALLET,
    videoUrl: options.videoUrl,
    photos: options.photos ?? [],
  };
  return { creator, cookie, prepared, body, clientAddress };
}

/** Create (again, for the same request, it builds the same launch with a fresh blockhash) and the creator's signature. */
export async function signLaunch(baseUrl: string, launch: PreparedLaunch): Promise<{ toSign: LaunchToSign; signedTransaction: string }> {
  const { cookie, clientAddress } = launch;
  const toSign = await call<LaunchToSign>(baseUrl, '/api/revshare/create', { method: 'POST', cookie, clientAddress, body: JSON.stringify(launch.body) });
  if (toSign.status !== 'sign') throw new Error(`create answered ${JSON.stringify(toSign)}, not a transaction to sign`);
  const tx = Transaction.from(Buffer.from(toSign.transactionBase64, 'base64'));
  tx.partialSign(launch.creator);
  return { toSign, signedTransaction: tx.serialize().toString('base64') };
}

/** Complete: relays the signed launch (or finds it landed) and answers the campaign; the same again on a replay. */
export function completeLaunch(baseUrl: string, launch: PreparedLaunch, signedTransaction: string): Promise<LaunchCreated> {
  return call<LaunchCreated>(baseUrl, '/api/revshare/complete', {
    method: 'POST', cookie: launch.cookie, clientAddress: launch.clientAddress,
    body: JSON.stringify({ request_id: launch.prepared.request_id, signedTransaction }),
  });
}

/** Create, the creator's signature, then complete, as the launch page does. */
export async function createLaunch(baseUrl: string, launch: PreparedLaunch): Promise<LaunchCreated> {
  const { signedTransaction } = await signLaunch(baseUrl, launch);
  return completeLaunch(baseUrl, launch, signedTransaction);
}

/** Launches a campaign token end to end through the API and returns its mint and creator. */
export async function launchCampaign(baseUrl: string, options: LaunchOptions = {}): Promise<LaunchedCampaign> {
  const launch = await prepareLaunch(baseUrl, options);
  const created = await createLaunch(baseUrl, launch);
  return { mint: created.mintAddress, creator: launch.creator, cookie: launch.cookie, prepared: launch.prepared, created };
}
