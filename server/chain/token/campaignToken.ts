import {
  PACKET_DATA_SIZE, type PublicKey, SystemProgram, Transaction, type TransactionInstruction,
} from '@solana/web3.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, AuthorityType, ExtensionType, LENGTH_SIZE, TOKEN_2022_PROGRAM_ID, TYPE_SIZE,
  createAssociatedTokenAccountIdempotentInstruction, createInitializeMetadataPointerInstruction,
  createInitializeMint2Instruction, createInitializeTransferFeeConfigInstruction, createMintToCheckedInstruction,
  createSetAuthorityInstruction, getAssociatedTokenAddressSync, getMintLen,
} from '@solana/spl-token';
import { createInitializeInstruction, pack } from '@solana/spl-token-metadata';
import { TOKEN_DECIMALS, TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import { rentExemptLamports } from './rent';

export type CampaignTokenParams = {
  /** Pays the rent and the fees (the request's funding wallet). Signs. */
  payer: PublicKey;
  /** The mint's address: a keypair the caller generated (at prepare), which signs. */
  mint: PublicKey;
  /** Signs the metadata and the mint-to, then is revoked. Defaults to the payer. */
  mintAuthority?: PublicKey;
  /** The pool wallet: its Token-2022 associated account receives the whole supply. */
  pool: PublicKey;
  /** The campaign's distributor wallet: the withdraw-withheld authority. */
  distributor: PublicKey;
  /** 600 for campaigns, 1,000 for the official token. */
  transferFeeBps: number;
  /** Who may change the fee later: null (nobody) or a platform wallet. */
  transferFeeConfigAuthority: PublicKey | null;
  /** The cap on one transfer's fee, in base units. Defaults to the total supply (no cap in practice). */
  maximumFee?: bigint;
  /** Who may edit the name, symbol and uri later (a platform wallet). Does not sign here. */
  metadataUpdateAuthority: PublicKey;
  name: string;
  symbol: string;
  uri: string;
  /** Base units minted to the pool. Defaults to 1,000,000,000 tokens. */
  supply?: bigint;
};

export type CampaignTokenPlan = {
  /** In order; each one lands whole or not at all. One when it fits in a packet, else two. */
  transactions: Transaction[];
  /** Who must sign each transaction, in the same order. */
  signers: PublicKey[][];
  poolTokenAccount: PublicKey;
  /** Lamports the mint account is created with (rent for the mint and its metadata). */
  mintRentLamports: bigint;
};

const MAX_BPS = 10_000;

/**
 * Everything needed to bring a campaign token into being, as instructions in two groups:
 * `createMint` leaves a finished mint with metadata and no tokens; `seedPool` creates the
 * pool's token account, mints the supply to it and revokes the mint authority.
 */
export function campaignTokenInstructions(params: CampaignTokenParams) {
  const {
    payer, mint, pool, distributor, transferFeeBps, transferFeeConfigAuthority, metadataUpdateAuthority, name, uri,
  } = params;
  const mintAuthority = params.mintAuthority ?? payer;
  const supply = params.supply ?? TOKEN_TOTAL_SUPPLY;
  const maximumFee = params.maximumFee ?? TOKEN_TOTAL_SUPPLY;
  const symbol = params.symbol.toUpperCase();
  if (!Number.isInteger(transferFeeBps) || transferFeeBps < 0 || transferFeeBps > MAX_BPS) {
    throw new RangeError(`transferFeeBps must be an integer from 0 to ${MAX_BPS}`);
  }
  if (supply <= 0n || maximumFee < 0n) throw new RangeError('supply must be positive and maximumFee not negative');
  if (!name || !symbol || !uri) throw new RangeError('name, symbol and uri are required');

  // The account is created at the fixed extensions' size; initializing TokenMetadata
  // then grows it, so the rent for the metadata must already be in it.
  const space = getMintLen([ExtensionType.TransferFeeConfig, ExtensionType.MetadataPointer]);
  const metadataLen = TYPE_SIZE + LENGTH_SIZE
    + pack({ mint, updateAuthority: metadataUpdateAuthority, name, symbol, uri, additionalMetadata: [] }).length;
  const mintRentLamports = rentExemptLamports(space + metadataLen);
  const poolTokenAccount = getAssociatedTokenAddressSync(mint, pool, false, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID);

  const createMint: TransactionInstruction[] = [
    SystemProgram.createAccount({
      fromPubkey: payer, newAccountPubkey: mint, space, lamports: Number(mintRentLamports), programId: TOKEN_2022_PROGRAM_ID,
    }),
    // Extensions are initialized before the mint itself, as Token-2022 requires.
    createInitializeTransferFeeConfigInstruction(
      mint, transferFeeConfigAuthority, distributor, transferFeeBps, maximumFee, TOKEN_2022_PROGRAM_ID),
    createInitializeMetadataPointerInstruction(mint, null, mint, TOKEN_2022_PROGRAM_ID),
    createInitializeMint2Instruction(mint, TOKEN_DECIMALS, mintAuthority, null, TOKEN_2022_PROGRAM_ID),
    createInitializeInstruction({
      programId: TOKEN_2022_PROGRAM_ID, metadata: mint, updateAuthority: metadataUpdateAuthority, mint, mintAuthority, name, symbol, uri,
    }),
  ];
  const seedPool: TransactionInstruction[] = [
    createAssociatedTokenAccountIdempotentInstruction(payer, poolTokenAccount, pool, mint, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID),
    createMintToCheckedInstruction(mint, poolTokenAccount, mintAuthority, supply, TOKEN_DECIMALS, [], TOKEN_2022_PROGRAM_ID),
    createSetAuthorityInstruction(mint, mintAuthority, AuthorityType.MintTokens, null, [], TOKEN_2022_PROGRAM_ID),
  ];
  return { createMint, seedPool, mintAuthority, poolTokenAccount, mintRentLamports };
}

/**
 * The creation transactions, unsigned, for the caller to sign (payer, mint keypair and the
 * mint authority) and send in order.
 *
 * All eight instructions fit one legacy transaction: about 790 bytes with a 30-character
 * name, a 10-letter symbol and a 50-character uri (uris up to ~490 characters still fit),
 * and ~29,000 compute units, far below the default budget. One transaction makes creation
 * atomic: a mint exists only with its supply in the pool and its mint authority revoked.
 * A longer name or uri would pass the 1,232-byte packet limit; then it is split in two,
 * and the second (pool account, mint-to, revoke) is still atomic: re-sending it after it
 * landed fails (the supply is fixed) rather than minting twice, so a caller resumes by
 * reading the mint (readCampaignMint: supply 0 means the second is still to send).
 */
export function buildCampaignTokenTransactions(params: CampaignTokenParams, recentBlockhash: string): CampaignTokenPlan {
  const { createMint, seedPool, mintAuthority, poolTokenAccount, mintRentLamports } = campaignTokenInstructions(params);
  const tx = (instructions: TransactionInstruction[]) =>
    new Transaction({ feePayer: params.payer, recentBlockhash }).add(...instructions);
  const uniq = (keys: PublicKey[]) => keys.filter((k, i) => keys.findIndex((o) => o.equals(k)) === i);

  const single = tx([...createMint, ...seedPool]);
  if (transactionSize(single) <= PACKET_DATA_SIZE) {
    return { transactions: [single], signers: [uniq([params.payer, params.mint, mintAuthority])], poolTokenAccount, mintRentLamports };
  }
  const transactions = [tx(createMint), tx(seedPool)];
  const tooBig = transactions.find((t) => transactionSize(t) > PACKET_DATA_SIZE);
  if (tooBig) throw new RangeError(`The token's name, symbol and uri are too long for one transaction (${transactionSize(tooBig)} bytes)`);
  return {
    transactions,
    signers: [uniq([params.payer, params.mint, mintAuthority]), uniq([params.payer, mintAuthority])],
    poolTokenAccount,
    mintRentLamports,
  };
}

/**
 * Wire size of a legacy transaction once signed (signature slots included). Counted rather
 * than serialised: web3.js throws instead of serialising anything past the packet limit.
 */
export function transactionSize(transaction: Transaction): number {
  const message = transaction.compileMessage();
  const shortVec = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
  const signatures = message.header.numRequiredSignatures;
  const instructions = transaction.instructions.reduce((sum, ix) =>
    sum + 1 + shortVec(ix.keys.length) + ix.keys.length + shortVec(ix.data.length) + ix.data.length, 0);
  return shortVec(signatures) + 64 * signatures
    + 3 + shortVec(message.accountKeys.length) + 32 * message.accountKeys.length + 32
    + shortVec(transaction.instructions.length) + instructions;
}
