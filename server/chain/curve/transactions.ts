// The two trade transactions. Each is one atomic legacy transaction with exactly two
// signers, the trader (fee payer, signs first in the browser) and the pool wallet
// (co-signs last, only through coSignQuote).

import bs58 from 'bs58';
import { Message, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedWithFeeInstruction, getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { TOKEN_DECIMALS } from '../../../core/constants';

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const MEMO_PREFIX = 'causemint:quote:';

type Common = {
  trader: PublicKey;
  mint: PublicKey;
  poolWallet: PublicKey;
  /** Names the quote on chain (memo), and makes every quote's message unique. */
  quoteId: string;
  recentBlockhash: string;
  decimals?: number;
};

export type BuyTransactionParams = Common & {
  /** Lamports the trader pays the pool. */
  solLamports: bigint;
  /** Tokens the pool sends; the recipient's account withholds `transferFee` of them. */
  tokens: bigint;
  transferFee: bigint;
  /** Who receives the tokens (default: the trader, who pays either way; e.g. a launch's initial buy for its creator). */
  recipient?: PublicKey;
};

export type SellTransactionParams = Common & {
  /** Tokens the trader sends; the pool's account withholds `transferFee` of them. */
  tokens: bigint;
  transferFee: bigint;
  /** Lamports the pool pays the trader. */
  solLamports: bigint;
};

const tokenAccounts = new Map<string, PublicKey>();

/** The owner's Token-2022 associated account (memoised: deriving it costs a few curve checks). */
export function tokenAccountOf(mint: PublicKey, owner: PublicKey): PublicKey {
  const key = `${mint.toBase58()}:${owner.toBase58()}`;
  let account = tokenAccounts.get(key);
  if (!account) {
    account = getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID);
    if (tokenAccounts.size >= 50_000) tokenAccounts.clear();
    tokenAccounts.set(key, account);
  }
  return account;
}

export function quoteMemo(quoteId: string): TransactionInstruction {
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(MEMO_PREFIX + quoteId, 'utf8') });
}

/** The quote id a message's memo names, if any (to tell an altered quote from a foreign one). */
export function quoteIdInMessage(message: Uint8Array): string | null {
  try {
    const decoded = Message.from(Buffer.from(message));
    for (const ix of decoded.instructions) {
      if (!decoded.accountKeys[ix.programIdIndex]?.equals(MEMO_PROGRAM_ID)) continue;
      const text = Buffer.from(bs58.decode(ix.data)).toString('utf8');
      if (text.startsWith(MEMO_PREFIX)) return text.slice(MEMO_PREFIX.length);
    }
  } catch {
    // Not a message web3.js can read: not one of ours either.
  }
  return null;
}

/**
 * BUY: the trader's Token-2022 account is created if missing (trader pays its rent), the
 * trader pays the SOL, the pool sends the tokens. The token leg names its fee
 * (TransferCheckedWithFee): if the mint's fee ever differed from the quoted one the whole
 * transaction fails, so the trader never receives less than shown.
 */
export function buildBuyTransaction(p: BuyTransactionParams): Transaction {
  const recipient = p.recipient ?? p.trader;
  const traderAccount = tokenAccountOf(p.mint, recipient);
  return new Transaction({ feePayer: p.trader, recentBlockhash: p.recentBlockhash }).add(
    createAssociatedTokenAccountIdempotentInstruction(
      p.trader, traderAccount, recipient, p.mint, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID),
    SystemProgram.transfer({ fromPubkey: p.trader, toPubkey: p.poolWallet, lamports: p.solLamports }),
    createTransferCheckedWithFeeInstruction(
      tokenAccountOf(p.mint, p.poolWallet), p.mint, traderAccount, p.poolWallet, p.tokens, p.decimals ?? TOKEN_DECIMALS,
      p.transferFee, [], TOKEN_2022_PROGRAM_ID),
    quoteMemo(p.quoteId),
  );
}

/** SELL: the trader sends the tokens, the pool pays the SOL. */
export function buildSellTransaction(p: SellTransactionParams): Transaction {
  return new Transaction({ feePayer: p.trader, recentBlockhash: p.recentBlockhash }).add(
    createTransferCheckedWithFeeInstruction(
      tokenAccountOf(p.mint, p.trader), p.mint, tokenAccountOf(p.mint, p.poolWallet), p.trader, p.tokens,
      p.decimals ?? TOKEN_DECIMALS, p.transferFee, [], TOKEN_2022_PROGRAM_ID),
    SystemProgram.transfer({ fromPubkey: p.poolWallet, toPubkey: p.trader, lamports: p.solLamports }),
    quoteMemo(p.quoteId),
  );
}

/** The message bytes the signatures cover, and the unsigned wire form a wallet signs. */
export function unsignedForms(tx: Transaction): { message: Buffer; wire: Buffer } {
  const compiled = tx.compileMessage();
  const message = compiled.serialize();
  // Signature slots in message order (the fee payer, the trader, first); fewer than 128, so one length byte.
  const count = compiled.header.numRequiredSignatures;
  return { message, wire: Buffer.concat([Buffer.from([count]), Buffer.alloc(64 * count), message]) };
}
