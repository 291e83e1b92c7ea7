// A Wallet Standard wallet for trade tests, announced before the app loads. It signs
// transactions for real (WebCrypto Ed25519 with a key the test hands in), and the test
// steers it through window.__tradeWallet: refuse like a person pressing Cancel, or hold
// the next signature back (a wallet left open: for a while, so the transaction's blockhash
// expires meanwhile, or until the test lets go, so others trade meanwhile). It offers
// no message signing, so the app stays connected without a sign-in. Runs in the page:
// no imports, plain data in.

import type { Keypair } from '@solana/web3.js';
import type { Page } from 'playwright-core';

export const TRADE_WALLET_NAME = 'Trade Test Wallet';

export type TradeWalletState = {
  mode: 'sign' | 'reject'; delayNextMs: number; signRequests: number;
  /** While true, a signature asked for waits (the wallet's approval screen left open). */
  hold: boolean;
};

type Config = { name: string; address: string; publicKey: number[]; seed: number[] };

export function tradeWalletScript({ name, address, publicKey, seed }: Config) {
  const state: TradeWalletState = { mode: 'sign', delayNextMs: 0, signRequests: 0, hold: false };
  (window as unknown as { __tradeWallet: TradeWalletState }).__tradeWallet = state;
  const b64url = (bytes: number[]) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const key = crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', d: b64url(seed), x: b64url(publicKey) }, { name: 'Ed25519' }, false, ['sign']);
  const listeners: ((p: { accounts: unknown[] }) => void)[] = [];
  const account = { address, publicKey: new Uint8Array(publicKey), chains: ['solana:mainnet', 'solana:localnet'], features: ['solana:signTransaction'] };
  let accounts: unknown[] = [];
  const emit = () => listeners.forEach((l) => l({ accounts }));

  // A legacy wire transaction with fewer than 128 signatures and keys: one length byte each.
  const signOne = async (wire: Uint8Array): Promise<Uint8Array> => {
    const count = wire[0]!;
    const message = wire.slice(1 + count * 64);
    const keys = message[3]!;
    let index = -1;
    for (let i = 0; i < Math.min(keys, message[0]!); i++) {
      const candidate = message.slice(4 + i * 32, 4 + (i + 1) * 32);
      if (candidate.every((b, j) => b === publicKey[j])) index = i;
    }
    if (index < 0) throw new Error('This wallet is not a signer of the transaction');
    const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', await key, message));
    const signed = wire.slice();
    signed.set(signature, 1 + index * 64);
    return signed;
  };

  const signTransaction = async (...inputs: { transaction: Uint8Array }[]) => {
    const outputs = [];
    for (const { transaction } of inputs) {
      state.signRequests += 1;
      if (state.mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const wait = state.delayNextMs;
      state.delayNextMs = 0;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (state.hold) await new Promise((r) => setTimeout(r, 50));
      outputs.push({ signedTransaction: await signOne(transaction) });
    }
    return outputs;
  };

  const wallet = {
    version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:mainnet', 'solana:localnet'],
    get accounts() { return accounts; },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => { accounts = [account]; emit(); return { accounts }; } },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => { accounts = []; emit(); } },
      'standard:events': { version: '1.0.0', on: (_event: string, l: (p: { accounts: unknown[] }) => void) => { listeners.push(l); return () => {}; } },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy'], signTransaction },
    },
  };
  const callback = ({ register }: { register: (w: unknown) => void }) => register(wallet);
  class RegisterWalletEvent extends Event {
    constructor() { super('wallet-standard:register-wallet'); }
    get detail() { return callback; }
  }
  window.dispatchEvent(new RegisterWalletEvent());
  window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail));
}

/** Announces the wallet with `keypair` on every page load of `page`. */
export async function installTradeWallet(page: Page, keypair: Keypair): Promise<void> {
  await page.addInitScript(tradeWalletScript, {
    name: TRADE_WALLET_NAME,
    address: keypair.publicKey.toBase58(),
    publicKey: Array.from(keypair.publicKey.toBytes()),
    seed: Array.from(keypair.secretKey.slice(0, 32)),
  });
}

/** Changes the wallet's behaviour for what comes next. */
export function steerTradeWallet(page: Page, patch: Partial<TradeWalletState>): Promise<void> {
  return page.evaluate((p) => { Object.assign((window as unknown as { __tradeWallet: TradeWalletState }).__tradeWallet, p); }, patch);
}

export function tradeWalletState(page: Page): Promise<TradeWalletState> {
  return page.evaluate(() => ({ ...(window as unknown as { __tradeWallet: TradeWalletState }).__tradeWallet }));
}
