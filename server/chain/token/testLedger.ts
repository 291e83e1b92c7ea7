import { address, getTransactionDecoder, lamports } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { LAMPORTS_PER_SOL, type PublicKey, type Transaction } from '@solana/web3.js';
import { unpackAccount, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import type { MintAccountData } from './readMint';

/**
 * A bare LiteSVM for the builders' tests: web3.js transactions go in serialised, as they
 * would over RPC. The product's ledger (server/chain/ledger) is a separate, fuller thing.
 */
export function createTestLedger() {
  const svm = new LiteSVM();
  const decoder = getTransactionDecoder();

  // Takes a signed web3.js transaction or its wire bytes (serialising checks its signatures).
  const trySend = (tx: Transaction | Uint8Array): TransactionMetadata | FailedTransactionMetadata =>
    svm.sendTransaction(decoder.decode(tx instanceof Uint8Array ? tx : tx.serialize()));

  return {
    svm,
    blockhash: () => svm.latestBlockhash() as string,
    airdrop(to: PublicKey, sol = 10) {
      const result = svm.airdrop(address(to.toBase58()), lamports(BigInt(sol * LAMPORTS_PER_SOL)));
      if (!result || result instanceof FailedTransactionMetadata) throw new Error(`airdrop failed: ${result?.toString()}`);
    },
    trySend,
    /** Sends a signed transaction; throws with the program logs when it fails. */
    send(tx: Transaction | Uint8Array): TransactionMetadata {
      const result = trySend(tx);
      if (result instanceof FailedTransactionMetadata) {
        throw new Error(`transaction failed: ${JSON.stringify(result.err(), (_, v) => (typeof v === 'bigint' ? v.toString() : v))}\n${result.meta().logs().join('\n')}`);
      }
      return result;
    },
    account(of: PublicKey): (MintAccountData & { lamports: bigint }) | null {
      const acc = svm.getAccount(address(of.toBase58()));
      return acc.exists ? { data: acc.data as Uint8Array, owner: acc.programAddress, lamports: acc.lamports } : null;
    },
    balance: (of: PublicKey): bigint => svm.getBalance(address(of.toBase58())) ?? 0n,
    tokenAccount(of: PublicKey) {
      const acc = svm.getAccount(address(of.toBase58()));
      if (!acc.exists) throw new Error(`no token account ${of.toBase58()}`);
      return unpackAccount(of, {
        data: Buffer.from(acc.data), owner: TOKEN_2022_PROGRAM_ID, lamports: Number(acc.lamports), executable: false,
      }, TOKEN_2022_PROGRAM_ID);
    },
  };
}
