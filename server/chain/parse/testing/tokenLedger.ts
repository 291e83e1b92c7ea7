import { getTransactionDecoder, address, lamports } from '@solana/kit';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, ExtensionType, LENGTH_SIZE, TOKEN_2022_PROGRAM_ID, TYPE_SIZE,
  createAssociatedTokenAccountInstruction, createInitializeMetadataPointerInstruction, createInitializeMint2Instruction,
  createInitializeTransferFeeConfigInstruction, createMintToInstruction, createTransferCheckedInstruction,
  getAssociatedTokenAddressSync, getMintLen,
} from '@solana/spl-token';
import { createInitializeInstruction, pack, type TokenMetadata } from '@solana/spl-token-metadata';
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';

// Test fixture: real Token-2022 accounts produced by the real programs on LiteSVM, so the
// parsers are checked against bytes the chain actually writes.

export class TokenLedger {
  readonly svm = new LiteSVM();
  readonly payer = Keypair.generate();

  constructor() {
    this.svm.airdrop(address(this.payer.publicKey.toBase58()), lamports(100_000_000_000n));
  }

  send(instructions: TransactionInstruction[], signers: Keypair[] = []): void {
    const tx = new Transaction().add(...instructions);
    tx.feePayer = this.payer.publicKey;
    tx.recentBlockhash = this.svm.latestBlockhash();
    tx.sign(this.payer, ...signers);
    const result = this.svm.sendTransaction(getTransactionDecoder().decode(tx.serialize()));
    if (result instanceof FailedTransactionMetadata) {
      throw new Error(`transaction failed: ${result.err()}\n${result.meta().logs().join('\n')}`);
    }
    this.svm.expireBlockhash();
  }

  data(account: PublicKey): Uint8Array {
    const found = this.svm.getAccount(address(account.toBase58()));
    if (!found.exists) throw new Error(`no account ${account.toBase58()}`);
    return Uint8Array.from(found.data);
  }

  /** The product's token: TransferFeeConfig + MetadataPointer + TokenMetadata, 9 decimals. */
  createFeeMint(opts: { feeBps: number; maxFee: bigint; metadata: Omit<TokenMetadata, 'mint' | 'updateAuthority'> }) {
    const mint = Keypair.generate();
    const authority = Keypair.generate();
    const withdrawAuthority = Keypair.generate();
    const metadata: TokenMetadata = { ...opts.metadata, mint: mint.publicKey, updateAuthority: authority.publicKey };
    const space = getMintLen([ExtensionType.TransferFeeConfig, ExtensionType.MetadataPointer]);
    const rent = this.svm.minimumBalanceForRentExemption(BigInt(space + TYPE_SIZE + LENGTH_SIZE + pack(metadata).length));
    this.send([
      SystemProgram.createAccount({
        fromPubkey: this.payer.publicKey, newAccountPubkey: mint.publicKey, space, lamports: Number(rent), programId: TOKEN_2022_PROGRAM_ID,
      }),
      createInitializeTransferFeeConfigInstruction(
        mint.publicKey, authority.publicKey, withdrawAuthority.publicKey, opts.feeBps, opts.maxFee, TOKEN_2022_PROGRAM_ID,
      ),
      createInitializeMetadataPointerInstruction(mint.publicKey, authority.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID),
      createInitializeMint2Instruction(mint.publicKey, 9, authority.publicKey, null, TOKEN_2022_PROGRAM_ID),
      createInitializeInstruction({
        programId: TOKEN_2022_PROGRAM_ID, metadata: mint.publicKey, updateAuthority: authority.publicKey,
        mint: mint.publicKey, mintAuthority: authority.publicKey, ...opts.metadata,
      }),
    ], [mint, authority]);
    return { mint: mint.publicKey, authority, withdrawAuthority };
  }

  createAta(mint: PublicKey, owner: PublicKey): PublicKey {
    const ata = getAssociatedTokenAddressSync(mint, owner, true, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID);
    this.send([createAssociatedTokenAccountInstruction(this.payer.publicKey, ata, owner, mint, TOKEN_2022_PROGRAM_ID)]);
    return ata;
  }

  mintTo(mint: PublicKey, destination: PublicKey, authority: Keypair, amount: bigint): void {
    this.send([createMintToInstruction(mint, destination, authority.publicKey, amount, [], TOKEN_2022_PROGRAM_ID)], [authority]);
  }

  transferChecked(source: PublicKey, mint: PublicKey, destination: PublicKey, owner: Keypair, amount: bigint, decimals: number): void {
    this.send([createTransferCheckedInstruction(source, mint, destination, owner.publicKey, amount, decimals, [], TOKEN_2022_PROGRAM_ID)], [owner]);
  }
}
