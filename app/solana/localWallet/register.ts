import { Connection } from '@solana/web3.js';
import { registerWallet } from '@wallet-standard/wallet';
import { LocalWallet } from './LocalWallet';

let registered: LocalWallet | null = null;

/**
 * Registers the Local wallet with the page's Wallet Standard registry (wallet-adapter-react
 * lists it from there). Called only when /api/config says local mode; once per page.
 */
export function registerLocalWallet(rpcEndpoint: string): LocalWallet {
  if (registered) return registered;
  const connection = new Connection(rpcEndpoint, 'confirmed');
  registered = new LocalWallet({
    storage: window.localStorage,
    sendRawTransaction: (signed, options) => connection.sendRawTransaction(signed, { ...options, preflightCommitment: 'confirmed' }),
  });
  registerWallet(registered);
  return registered;
}
