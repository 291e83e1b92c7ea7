// Where a sender's SOL came from, one hop back: the RPC reads a gift's netting needs beyond
// the donation wallet's own history, bounded per gift (see docs/ARCHITECTURE.md, Donations).

import { PublicKey, type ConfirmedSignatureInfo, type Connection, type VersionedTransactionResponse } from '@solana/web3.js';
import {
  fundedBefore, hopCreditLamports, HISTORY_CHECK_LIMIT, NETTING_WINDOW_MS, type Credit,
} from '../../core/donations/netting';
import { netOutflows } from '../../core/donations/sharing';
import { solTransfersOf } from './transfers';

export type Outflow = { lamports: bigint; timeMs: number; slot: bigint };

const CACHED_TRANSACTIONS = 2000;

/** Signature pages and transactions as one scan reads them (transactions kept, a scan often asks twice). */
export class ChainHistory {
  private readonly transactions = new Map<string, VersionedTransactionResponse | null>();
  constructor(private readonly connection: Connection) {}

  /** An address's newest signatures older than `signature` (one page: HISTORY_CHECK_LIMIT). */
  signaturesBefore(address: string, signature: string): Promise<ConfirmedSignatureInfo[]> {
    return this.connection.getSignaturesForAddress(new PublicKey(address), { before: signature, limit: HISTORY_CHECK_LIMIT }, 'confirmed');
  }

  async transaction(signature: string): Promise<VersionedTransactionResponse | null> {
    if (this.transactions.has(signature)) return this.transactions.get(signature)!;
    const tx = await this.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (this.transactions.size >= CACHED_TRANSACTIONS) this.transactions.delete(this.transactions.keys().next().value!);
    this.transactions.set(signature, tx);
    return tx;
  }
}

/** A full page whose oldest entry is still inside the window: more history there than one page holds. */
function busy(page: ConfirmedSignatureInfo[], windowStartMs: number): boolean {
  const oldest = page[page.length - 1];
  return page.length >= HISTORY_CHECK_LIMIT && (oldest?.blockTime == null || oldest.blockTime * 1000 >= windowStartMs);
}

export type HopTrace = { traced: boolean; credits: Credit[] };

/**
 * The hop credits of a gift from `sender`: SOL the donation wallet's funded wallets (`funded`,
 * each with the wallet's transfers to it) passed on to the sender within the window before
 * the gift. The transactions to read are those in both the sender's and the funded wallet's
 * signature lists, so a gift costs one signature page for the sender, one per funded wallet
 * (at most FUNDED_WALLETS_TRACED) and a transaction read per shared signature.
 *
 * A sender with more than a page of transactions in the window is not traced (`traced`
 * false: the caller leaves what the wallet's own transfers do not net uncounted, since a
 * wallet can be made that busy for a fraction of a cent). A funded wallet that busy is a
 * service, an exchange or a wallet app's hot wallet: what it pays out is not traced, so a
 * donor who withdrew from an exchange the creator also uses still counts.
 */
export async function traceHops(
  history: ChainHistory, gift: { sender: string; signature: string; timeMs: number }, funded: ReadonlyMap<string, Outflow[]>,
): Promise<HopTrace> {
  if (funded.size === 0) return { traced: true, credits: [] };
  const windowStart = gift.timeMs - NETTING_WINDOW_MS;
  const senderPage = await history.signaturesBefore(gift.sender, gift.signature);
  if (busy(senderPage, windowStart)) return { traced: false, credits: [] };
  const senderSignatures = new Set(senderPage.filter((s) => !s.err && (s.blockTime ?? 0) * 1000 >= windowStart).map((s) => s.signature));
  const credits: Credit[] = [];
  for (const [wallet, outflows] of funded) {
    const page = await history.signaturesBefore(wallet, gift.signature);
    if (busy(page, windowStart)) continue;
    for (const entry of page) {
      if (!senderSignatures.has(entry.signature)) continue;
      const tx = await history.transaction(entry.signature);
      if (!tx || tx.meta?.err) continue;
      const passedOn = netOutflows(wallet, solTransfersOf(tx)).get(gift.sender) ?? 0n;
      const at = { timeMs: (tx.blockTime ?? entry.blockTime ?? 0) * 1000, slot: BigInt(tx.slot) };
      const lamports = hopCreditLamports(passedOn, fundedBefore(outflows, at));
      if (lamports > 0n) credits.push({ key: `${entry.signature}:${wallet}`, kind: 'hop', lamports, used: 0n, ...at });
    }
  }
  return { traced: true, credits };
}
