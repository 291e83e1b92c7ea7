import {
  AuthorityType, NATIVE_MINT, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID,
  createAmountToUiAmountInstruction, createApproveInstruction, createBurnCheckedInstruction, createBurnInstruction,
  createCloseAccountInstruction, createFreezeAccountInstruction, createInitializeAccount2Instruction,
  createInitializeAccount3Instruction, createInitializeAccountInstruction, createInitializeImmutableOwnerInstruction,
  createInitializeMint2Instruction, createInitializeMintCloseAuthorityInstruction, createInitializeMintInstruction,
  createMintToCheckedInstruction, createMintToInstruction, createRevokeInstruction, createSetAuthorityInstruction,
  createSyncNativeInstruction, createThawAccountInstruction, createTransferCheckedInstruction, createTransferInstruction,
  createUiAmountToAmountInstruction,
} from '@solana/spl-token';
import { SYSVAR_RENT_PUBKEY } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { parseInstruction } from './instruction';
import { key, parseFromWire, parsedBody } from './testing/wire';

// Expected shapes are agave transaction-status/src/parse_token.rs (and its tests).
const mint = key(); const account = key(); const owner = key(); const destination = key(); const delegate = key();
const m = mint.toBase58(); const a = account.toBase58(); const o = owner.toBase58(); const d = destination.toBase58();

describe('SPL Token and Token-2022 instructions', () => {
  it("names both token programs 'spl-token'", () => {
    for (const programId of [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]) {
      const [parsed] = parseFromWire(createTransferInstruction(account, destination, owner, 42n, [], programId));
      expect(parsed).toEqual({
        program: 'spl-token',
        programId: programId.toBase58(),
        parsed: { type: 'transfer', info: { source: a, destination: d, authority: o, amount: '42' } },
      });
    }
  });

  it('renders the mint and account initialisers', () => {
    const freeze = key();
    expect(parsedBody(createInitializeMintInstruction(mint, 2, owner, freeze, TOKEN_PROGRAM_ID))).toEqual({
      type: 'initializeMint', info: { mint: m, decimals: 2, mintAuthority: o, freezeAuthority: freeze.toBase58(), rentSysvar: SYSVAR_RENT_PUBKEY.toBase58() },
    });
    expect(parsedBody(createInitializeMintInstruction(mint, 2, owner, null, TOKEN_PROGRAM_ID))).toEqual({
      type: 'initializeMint', info: { mint: m, decimals: 2, mintAuthority: o, rentSysvar: SYSVAR_RENT_PUBKEY.toBase58() },
    });
    expect(parsedBody(createInitializeMint2Instruction(mint, 9, owner, null, TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'initializeMint2', info: { mint: m, decimals: 9, mintAuthority: o },
    });
    expect(parsedBody(createInitializeAccountInstruction(account, mint, owner))).toEqual({
      type: 'initializeAccount', info: { account: a, mint: m, owner: o, rentSysvar: SYSVAR_RENT_PUBKEY.toBase58() },
    });
    expect(parsedBody(createInitializeAccount2Instruction(account, mint, owner))).toEqual({
      type: 'initializeAccount2', info: { account: a, mint: m, owner: o, rentSysvar: SYSVAR_RENT_PUBKEY.toBase58() },
    });
    expect(parsedBody(createInitializeAccount3Instruction(account, mint, owner, TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'initializeAccount3', info: { account: a, mint: m, owner: o },
    });
    expect(parsedBody(createInitializeImmutableOwnerInstruction(account, TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'initializeImmutableOwner', info: { account: a },
    });
    expect(parsedBody(createInitializeMintCloseAuthorityInstruction(mint, null, TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'initializeMintCloseAuthority', info: { mint: m, newAuthority: null },
    });
  });

  it('renders transferChecked with the uiTokenAmount shape', () => {
    expect(parsedBody(createTransferCheckedInstruction(account, mint, destination, owner, 1_000_000_000_000n, 9, [], TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'transferChecked',
      info: { source: a, mint: m, destination: d, authority: o, tokenAmount: { uiAmount: 1000, decimals: 9, amount: '1000000000000', uiAmountString: '1000' } },
    });
    expect(parsedBody(createTransferCheckedInstruction(account, mint, destination, owner, 55n, 2))).toMatchObject({
      info: { tokenAmount: { uiAmount: 0.55, decimals: 2, amount: '55', uiAmountString: '0.55' } },
    });
  });

  it('names a multisig authority and its signers', () => {
    const signer0 = key(); const signer1 = key();
    expect(parsedBody(createTransferInstruction(account, destination, owner, 1n, [signer0, signer1]))).toEqual({
      type: 'transfer', info: { source: a, destination: d, multisigAuthority: o, signers: [signer0.toBase58(), signer1.toBase58()], amount: '1' },
    });
  });

  it('renders approve, revoke, mint, burn, close, freeze and thaw', () => {
    expect(parsedBody(createApproveInstruction(account, delegate, owner, 7n))).toEqual({
      type: 'approve', info: { source: a, delegate: delegate.toBase58(), owner: o, amount: '7' },
    });
    expect(parsedBody(createRevokeInstruction(account, owner))).toEqual({ type: 'revoke', info: { source: a, owner: o } });
    expect(parsedBody(createMintToInstruction(mint, account, owner, 10n ** 18n, [], TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'mintTo', info: { mint: m, account: a, mintAuthority: o, amount: '1000000000000000000' },
    });
    expect(parsedBody(createMintToCheckedInstruction(mint, account, owner, 5n, 1))).toEqual({
      type: 'mintToChecked', info: { mint: m, account: a, mintAuthority: o, tokenAmount: { uiAmount: 0.5, decimals: 1, amount: '5', uiAmountString: '0.5' } },
    });
    expect(parsedBody(createBurnInstruction(account, mint, owner, 3n))).toEqual({
      type: 'burn', info: { account: a, mint: m, authority: o, amount: '3' },
    });
    expect(parsedBody(createBurnCheckedInstruction(account, mint, owner, 3n, 0))).toEqual({
      type: 'burnChecked', info: { account: a, mint: m, authority: o, tokenAmount: { uiAmount: 3, decimals: 0, amount: '3', uiAmountString: '3' } },
    });
    expect(parsedBody(createCloseAccountInstruction(account, destination, owner))).toEqual({
      type: 'closeAccount', info: { account: a, destination: d, owner: o },
    });
    expect(parsedBody(createFreezeAccountInstruction(account, mint, owner))).toEqual({
      type: 'freezeAccount', info: { account: a, mint: m, freezeAuthority: o },
    });
    expect(parsedBody(createThawAccountInstruction(account, mint, owner))).toEqual({
      type: 'thawAccount', info: { account: a, mint: m, freezeAuthority: o },
    });
    expect(parsedBody(createSyncNativeInstruction(account))).toEqual({ type: 'syncNative', info: { account: a } });
    expect(parsedBody(createAmountToUiAmountInstruction(NATIVE_MINT, 12n))).toEqual({
      type: 'amountToUiAmount', info: { mint: NATIVE_MINT.toBase58(), amount: '12' },
    });
    expect(parsedBody(createUiAmountToAmountInstruction(mint, '1.5'))).toEqual({ type: 'uiAmountToAmount', info: { mint: m, uiAmount: '1.5' } });
  });

  it('renders setAuthority on a mint and on an account', () => {
    expect(parsedBody(createSetAuthorityInstruction(mint, owner, AuthorityType.MintTokens, null, [], TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'setAuthority', info: { mint: m, authorityType: 'mintTokens', newAuthority: null, authority: o },
    });
    expect(parsedBody(createSetAuthorityInstruction(mint, owner, AuthorityType.WithheldWithdraw, delegate, [], TOKEN_2022_PROGRAM_ID))).toEqual({
      type: 'setAuthority', info: { mint: m, authorityType: 'withheldWithdraw', newAuthority: delegate.toBase58(), authority: o },
    });
    expect(parsedBody(createSetAuthorityInstruction(account, owner, AuthorityType.CloseAccount, delegate))).toEqual({
      type: 'setAuthority', info: { account: a, authorityType: 'closeAccount', newAuthority: delegate.toBase58(), authority: o },
    });
  });

  it('returns null for truncated data, unknown tags and missing accounts', () => {
    const ix = createTransferCheckedInstruction(account, mint, destination, owner, 1n, 9);
    const accounts = ix.keys.map((k) => k.pubkey.toBase58());
    const program = TOKEN_PROGRAM_ID.toBase58();
    expect(parseInstruction(program, accounts, ix.data)).not.toBeNull();
    expect(parseInstruction(program, accounts.slice(0, 3), ix.data)).toBeNull();
    expect(parseInstruction(program, accounts, ix.data.subarray(0, 5))).toBeNull();
    expect(parseInstruction(program, accounts, Uint8Array.of(120))).toBeNull();
    expect(parseInstruction(program, accounts, new Uint8Array())).toBeNull();
  });
});
