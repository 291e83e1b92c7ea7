import { createContext, useContext } from 'react';

let requestLoad!: () => void;
const requested = new Promise<void>((resolve) => { requestLoad = resolve; });

/** The engine's module: fetched only once something on the page asks for the wallet. */
export const walletEngineModule = requested.then(() => import('./WalletEngine'));

let markReady!: () => void;
const ready = new Promise<void>((resolve) => { markReady = resolve; });

/** Called by SolanaProviders once the real wallet and connection contexts are in place. */
export function walletEngineIsReady(): void {
  markReady();
}

/**
 * Starts loading wallet-adapter, web3.js and the Wallet Standard and mobile wallets (once
 * per page); resolves when useWallet() and useConnection() answer from them.
 */
export function loadWalletEngine(): Promise<void> {
  requestLoad();
  return ready;
}

/**
 * Loads the engine once the page has loaded and the browser is idle: the first paint does not
 * need it, but wallet detection (and the Local wallet) should be ready well before a click.
 */
export function loadWalletEngineWhenIdle(): () => void {
  let idle: number | undefined;
  const start = () => {
    idle = typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(() => void loadWalletEngine(), { timeout: 2_000 })
      : window.setTimeout(() => void loadWalletEngine(), 50);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

export const WalletEngineReadyContext = createContext(false);

/** Whether useWallet() lists the real wallets yet (false until the engine has loaded). */
export function useWalletEngineReady(): boolean {
  return useContext(WalletEngineReadyContext);
}
