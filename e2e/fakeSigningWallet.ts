// A Wallet Standard wallet announced before the app loads, whose message signing is
// chosen per test: it refuses ('reject', as a person pressing Cancel does), returns bytes
// that are no valid signature ('garbage'), or does not offer signing at all ('none').
// Connecting always succeeds. Runs in the page: no imports, plain data in.
export type SigningMode = 'reject' | 'garbage' | 'none';

export const SIGNING_WALLET_NAME = 'Fake Signer';

export function fakeSigningWalletScript({ mode, name, address, publicKey }: { mode: SigningMode; name: string; address: string; publicKey: number[] }) {
  const state = { signRequests: 0 };
  (window as unknown as { __fakeSigner: typeof state }).__fakeSigner = state;
  const listeners: ((p: { accounts: unknown[] }) => void)[] = [];
  const features = mode === 'none' ? ['solana:signTransaction'] : ['solana:signTransaction', 'solana:signMessage'];
  const account = { address, publicKey: new Uint8Array(publicKey), chains: ['solana:mainnet', 'solana:localnet'], features };
  let accounts: unknown[] = [];
  const emit = () => listeners.forEach((l) => l({ accounts }));
  const signMessage = async () => {
    state.signRequests += 1;
    await new Promise((r) => setTimeout(r, 50));
    if (mode === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    return [{ signedMessage: new Uint8Array(0), signature: new Uint8Array(64).fill(7) }];
  };
  const wallet = {
    version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    chains: ['solana:mainnet', 'solana:localnet'],
    get accounts() { return accounts; },
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => { accounts = [account]; emit(); return { accounts }; } },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => { accounts = []; emit(); } },
      'standard:events': { version: '1.0.0', on: (_event: string, l: (p: { accounts: unknown[] }) => void) => { listeners.push(l); return () => {}; } },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: async () => { throw new Error('not in this test'); } },
      ...(mode === 'none' ? {} : { 'solana:signMessage': { version: '1.0.0', signMessage } }),
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
