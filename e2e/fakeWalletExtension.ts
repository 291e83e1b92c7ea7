// A stand-in for a browser wallet extension (Phantom and friends register this way): a
// Wallet Standard wallet announced on the window before the app loads. Its connect
// behaviour is chosen per test; `window.__fakeWallet.attempts` counts connect calls.
// 'silent' never answers connect (a hung extension); 'disconnect-fails' connects, then its
// disconnect throws an error no wallet toast names.
export type FakeWalletMode = 'flaky' | 'broken' | 'reject' | 'lost' | 'silent' | 'disconnect-fails';

export const FAKE_WALLET_NAME = 'Fake Extension';
export const FAKE_WALLET_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

export function fakeWalletScript({ mode, name, address }: { mode: FakeWalletMode; name: string; address: string }) {
  const state = { attempts: 0 };
  (window as unknown as { __fakeWallet: typeof state }).__fakeWallet = state;
  const listeners: ((p: { accounts: unknown[] }) => void)[] = [];
  let accounts: unknown[] = [];
  const account = {
    address, publicKey: new Uint8Array(32), chains: ['solana:mainnet', 'solana:localnet'],
    features: ['solana:signTransaction'],
  };
  const failure = (): Error | null => {
    if (mode === 'reject') return Object.assign(new Error('User rejected the request.'), { code: 4001 });
    if (mode === 'lost') return new Error('Could not establish connection. Receiving end does not exist.');
    if (mode === 'broken' || (mode === 'flaky' && state.attempts <= 2)) return new Error('Unexpected error');
    return null;
  };
  const wallet = {
    version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:mainnet', 'solana:localnet'],
    get accounts() { return accounts; },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          state.attempts += 1;
          if (mode === 'silent') await new Promise(() => {});
          await new Promise((r) => setTimeout(r, 100));
          const error = failure();
          if (error) throw error;
          accounts = [account];
          listeners.forEach((l) => l({ accounts }));
          return { accounts };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          if (mode === 'disconnect-fails') throw new Error('Internal extension state corrupted');
          accounts = []; listeners.forEach((l) => l({ accounts }));
        },
      },
      'standard:events': { version: '1.0.0', on: (_event: string, l: (p: { accounts: unknown[] }) => void) => { listeners.push(l); return () => {}; } },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: async () => { throw new Error('not in this test'); } },
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
