// What a wallet holds, as the quote book reads it to keep every live quote backed.

import { PublicKey } from '@solana/web3.js';
import { tokenAccountOf } from './tokenAccounts';
import type { ChainService } from './service';

export type Holdings = {
  lamports: bigint;
  /** Of the quote's mint, in base units. */
  tokens: bigint;
  /** Whether the wallet's token account of the mint exists (a buy creates it otherwise, paying its rent). */
  hasTokenAccount: boolean;
};

export type ReadHoldings = (wallet: string, mint: string) => Promise<Holdings>;

type RawAccount = { lamports: bigint; data: Uint8Array } | null;

/** Holdings from any account reader: the local ledger, a Connection, or a test ledger. */
export function holdingsReader(getAccount: (address: PublicKey) => RawAccount | Promise<RawAccount>): ReadHoldings {
  return async (wallet, mint) => {
    const owner = new PublicKey(wallet);
    const [account, tokenAccount] = await Promise.all([getAccount(owner), getAccount(tokenAccountOf(new PublicKey(mint), owner))]);
    return holdingsOf(account, tokenAccount);
  };
}

/**
 * The local ledger directly (no JSON-RPC round trip), else the cluster through the
 * Connection: both accounts in one getMultipleAccounts (every build and execute reads
 * them, and a provider counts calls against its rate limit).
 */
export function chainHoldings(chain: Pick<ChainService, 'connection' | 'ledger'>): ReadHoldings {
  const ledger = chain.ledger;
  if (ledger) return holdingsReader((address) => ledger.getAccount(address.toBase58()));
  return async (wallet, mint) => {
    const owner = new PublicKey(wallet);
    const infos = await chain.connection.getMultipleAccountsInfo([owner, tokenAccountOf(new PublicKey(mint), owner)], 'confirmed');
    const [account, tokenAccount] = infos.map((info) => info && { lamports: BigInt(info.lamports), data: info.data });
    return holdingsOf(account ?? null, tokenAccount ?? null);
  };
}

function holdingsOf(account: RawAccount, tokenAccount: RawAccount): Holdings {
  return { lamports: account?.lamports ?? 0n, tokens: tokenAmount(tokenAccount), hasTokenAccount: tokenAccount !== null };
}

/** A token account's amount: u64 LE after mint (32) and owner (32); 0 without the account. */
export function tokenAmount(account: RawAccount): bigint {
  if (!account || account.data.length < 72) return 0n;
  return Buffer.from(account.data.buffer, account.data.byteOffset, account.data.byteLength).readBigUInt64LE(64);
}
