import {
  ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction,
  createAssociatedTokenAccountInstruction, createHarvestWithheldTokensToMintInstruction,
  createInitializeMetadataPointerInstruction, createInitializeTransferFeeConfigInstruction, createRecoverNestedInstruction,
  createSetTransferFeeInstruction, createTransferCheckedWithFeeInstruction, createUpdateMetadataPointerInstruction,
  createWithdrawWithheldTokensFromAccountsInstruction, createWithdrawWithheldTokensFromMintInstruction,
} from '@solana/spl-token';
import {
  createEmitInstruction, createInitializeInstruction, createRemoveKeyInstruction, createUpdateAuthorityInstruction,
  createUpdateFieldInstruction,
} from '@solana/spl-token-metadata';
import { ComputeBudgetProgram, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { MEMO_PROGRAM, MEMO_PROGRAM_V1 } from './programs';
import { feePayer, key, parseFromWire, parsedBody } from './testing/wire';

// Expected shapes are agave transaction-status/src/parse_token/extension/{transfer_fee,
// metadata_pointer,token_metadata}.rs, parse_associated_token.rs and parse_instruction.rs.
const T22 = TOKEN_2022_PROGRAM_ID;
const mint = key(); const source = key(); const destination = key(); const authority = key(); const withdraw = key();
const m = mint.toBase58(); const auth = authority.toBase58();

describe('transfer-fee extension instructions', () => {
  it('renders initializeTransferFeeConfig, authorities omitted when none', () => {
    expect(parsedBody(createInitializeTransferFeeConfigInstruction(mint, authority, withdraw, 600, 5_000n, T22))).toEqual({
      type: 'initializeTransferFeeConfig',
      info: { mint: m, transferFeeConfigAuthority: auth, withdrawWithheldAuthority: withdraw.toBase58(), transferFeeBasisPoints: 600, maximumFee: 5000 },
    });
    expect(parsedBody(createInitializeTransferFeeConfigInstruction(mint, null, null, 42, 2121n, T22))).toEqual({
      type: 'initializeTransferFeeConfig', info: { mint: m, transferFeeBasisPoints: 42, maximumFee: 2121 },
    });
  });

  it('renders transferCheckedWithFee with tokenAmount and feeAmount', () => {
    expect(parsedBody(createTransferCheckedWithFeeInstruction(source, mint, destination, authority, 55n, 2, 5n, [], T22))).toEqual({
      type: 'transferCheckedWithFee',
      info: {
        source: source.toBase58(), mint: m, destination: destination.toBase58(), authority: auth,
        tokenAmount: { uiAmount: 0.55, decimals: 2, amount: '55', uiAmountString: '0.55' },
        feeAmount: { uiAmount: 0.05, decimals: 2, amount: '5', uiAmountString: '0.05' },
      },
    });
  });

  it('renders withdraw, harvest and setTransferFee', () => {
    const s0 = key(); const s1 = key();
    expect(parsedBody(createWithdrawWithheldTokensFromMintInstruction(mint, destination, withdraw, [], T22))).toEqual({
      type: 'withdrawWithheldTokensFromMint', info: { mint: m, feeRecipient: destination.toBase58(), withdrawWithheldAuthority: withdraw.toBase58() },
    });
    expect(parsedBody(createWithdrawWithheldTokensFromAccountsInstruction(mint, destination, withdraw, [], [s0, s1], T22))).toEqual({
      type: 'withdrawWithheldTokensFromAccounts',
      info: { mint: m, feeRecipient: destination.toBase58(), withdrawWithheldAuthority: withdraw.toBase58(), sourceAccounts: [s0.toBase58(), s1.toBase58()] },
    });
    expect(parsedBody(createHarvestWithheldTokensToMintInstruction(mint, [s0, s1], T22))).toEqual({
      type: 'harvestWithheldTokensToMint', info: { mint: m, sourceAccounts: [s0.toBase58(), s1.toBase58()] },
    });
    expect(parsedBody(createHarvestWithheldTokensToMintInstruction(mint, [], T22))).toEqual({
      type: 'harvestWithheldTokensToMint', info: { mint: m, sourceAccounts: [] },
    });
    expect(parsedBody(createSetTransferFeeInstruction(mint, authority, [], 1000, 9n, T22))).toEqual({
      type: 'setTransferFee', info: { mint: m, transferFeeConfigAuthority: auth, transferFeeBasisPoints: 1000, maximumFee: 9 },
    });
    // The real node spells this multisig field with a lowercase 't'.
    expect(parsedBody(createSetTransferFeeInstruction(mint, authority, [s0], 1000, 9n, T22))).toMatchObject({
      info: { multisigtransferFeeConfigAuthority: auth, signers: [s0.toBase58()] },
    });
  });
});

describe('metadata pointer and token metadata instructions', () => {
  it('renders initialize/update metadata pointer', () => {
    expect(parsedBody(createInitializeMetadataPointerInstruction(mint, authority, mint, T22))).toEqual({
      type: 'initializeMetadataPointer', info: { mint: m, authority: auth, metadataAddress: m },
    });
    expect(parsedBody(createInitializeMetadataPointerInstruction(mint, null, null, T22))).toEqual({
      type: 'initializeMetadataPointer', info: { mint: m },
    });
    expect(parsedBody(createUpdateMetadataPointerInstruction(mint, authority, mint, [], T22))).toEqual({
      type: 'updateMetadataPointer', info: { mint: m, authority: auth, metadataAddress: m },
    });
  });

  it('renders the token-metadata interface instructions', () => {
    const base = { programId: T22, metadata: mint, updateAuthority: authority };
    expect(parsedBody(createInitializeInstruction({ ...base, mint, mintAuthority: authority, name: 'Cause', symbol: 'CAUSE', uri: 'https://x/m.json' }))).toEqual({
      type: 'initializeTokenMetadata',
      info: { metadata: m, updateAuthority: auth, mint: m, mintAuthority: auth, name: 'Cause', symbol: 'CAUSE', uri: 'https://x/m.json' },
    });
    expect(parsedBody(createUpdateFieldInstruction({ ...base, field: 'uri', value: 'https://y' }))).toEqual({
      type: 'updateTokenMetadataField', info: { metadata: m, updateAuthority: auth, field: 'uri', value: 'https://y' },
    });
    expect(parsedBody(createUpdateFieldInstruction({ ...base, field: 'new_field', value: 'new_value' }))).toEqual({
      type: 'updateTokenMetadataField', info: { metadata: m, updateAuthority: auth, field: 'new_field', value: 'new_value' },
    });
    expect(parsedBody(createRemoveKeyInstruction({ ...base, key: 'new_field', idempotent: false }))).toEqual({
      type: 'removeTokenMetadataKey', info: { metadata: m, updateAuthority: auth, key: 'new_field', idempotent: false },
    });
    expect(parsedBody(createUpdateAuthorityInstruction({ programId: T22, metadata: mint, oldAuthority: authority, newAuthority: null }))).toEqual({
      type: 'updateTokenMetadataAuthority', info: { metadata: m, updateAuthority: auth, newAuthority: null },
    });
    expect(parsedBody(createEmitInstruction({ programId: T22, metadata: mint, start: 1n }))).toEqual({
      type: 'emitTokenMetadata', info: { metadata: m, start: 1 },
    });
  });
});

describe('associated token account, memo and unparsed programs', () => {
  const wallet = key(); const ata = key();
  const expected = (type: string) => ({
    type,
    info: {
      source: feePayer.toBase58(), account: ata.toBase58(), wallet: wallet.toBase58(), mint: m,
      systemProgram: SystemProgram.programId.toBase58(), tokenProgram: T22.toBase58(),
    },
  });

  it("renders create and createIdempotent as 'spl-associated-token-account'", () => {
    const [create] = parseFromWire(createAssociatedTokenAccountInstruction(feePayer, ata, wallet, mint, T22));
    expect(create).toEqual({ program: 'spl-associated-token-account', programId: ASSOCIATED_TOKEN_PROGRAM_ID.toBase58(), parsed: expected('create') });
    expect(parsedBody(createAssociatedTokenAccountIdempotentInstruction(feePayer, ata, wallet, mint, T22))).toEqual(expected('createIdempotent'));
  });

  it('renders recoverNested', () => {
    const [nested, nestedMint, dest, ownerAta, ownerMint] = [key(), key(), key(), key(), key()];
    expect(parsedBody(createRecoverNestedInstruction(nested, nestedMint, dest, ownerAta, ownerMint, wallet, T22))).toEqual({
      type: 'recoverNested',
      info: {
        nestedSource: nested.toBase58(), nestedMint: nestedMint.toBase58(), destination: dest.toBase58(), nestedOwner: ownerAta.toBase58(),
        ownerMint: ownerMint.toBase58(), wallet: wallet.toBase58(), tokenProgram: T22.toBase58(),
      },
    });
  });

  it('renders a memo as its string, for both memo program versions', () => {
    for (const programId of [MEMO_PROGRAM, MEMO_PROGRAM_V1]) {
      const [memo] = parseFromWire(new TransactionInstruction({ programId: new PublicKey(programId), keys: [], data: Buffer.from('🦖 donation') }));
      expect(memo).toEqual({ program: 'spl-memo', programId, parsed: '🦖 donation' });
    }
    const [bom] = parseFromWire(new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM), keys: [], data: Buffer.from('\uFEFFhi') }));
    expect(bom?.parsed).toBe('\uFEFFhi');
    const [bad] = parseFromWire(new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM), keys: [], data: Buffer.from([128]) }));
    expect(bad).toBeNull();
  });

  it('does not parse Compute Budget or unknown programs', () => {
    expect(parseFromWire(ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }), ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 })))
      .toEqual([null, null]);
    expect(parseFromWire(new TransactionInstruction({ programId: key(), keys: [], data: Buffer.from([1, 2]) }))).toEqual([null]);
  });
});
