import { NONCE_ACCOUNT_LENGTH, PublicKey, SYSVAR_RECENT_BLOCKHASHES_PUBKEY, SYSVAR_RENT_PUBKEY, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { parseInstruction } from './instruction';
import { SYSTEM_PROGRAM } from './programs';
import { feePayer, key, parseFromWire, parsedBody } from './testing/wire';

// Expected shapes are agave transaction-status/src/parse_system.rs.
describe('system instructions', () => {
  it('renders a transfer with program name, id and lamports as a number', () => {
    const destination = key();
    const [parsed] = parseFromWire(SystemProgram.transfer({ fromPubkey: feePayer, toPubkey: destination, lamports: 1_500_000_000 }));
    expect(parsed).toEqual({
      program: 'system',
      programId: SYSTEM_PROGRAM,
      parsed: { type: 'transfer', info: { source: feePayer.toBase58(), destination: destination.toBase58(), lamports: 1_500_000_000 } },
    });
  });

  it('renders createAccount, assign and allocate', () => {
    const newAccount = key(); const owner = key();
    expect(parsedBody(SystemProgram.createAccount({ fromPubkey: feePayer, newAccountPubkey: newAccount, lamports: 55, space: 128, programId: owner })))
      .toEqual({ type: 'createAccount', info: { source: feePayer.toBase58(), newAccount: newAccount.toBase58(), lamports: 55, space: 128, owner: owner.toBase58() } });
    expect(parsedBody(SystemProgram.assign({ accountPubkey: newAccount, programId: owner })))
      .toEqual({ type: 'assign', info: { account: newAccount.toBase58(), owner: owner.toBase58() } });
    expect(parsedBody(SystemProgram.allocate({ accountPubkey: newAccount, space: 165 })))
      .toEqual({ type: 'allocate', info: { account: newAccount.toBase58(), space: 165 } });
  });

  it('renders the seed variants with their seed strings', async () => {
    const base = key(); const owner = key();
    const derived = await PublicKey.createWithSeed(base, 'causemint-seed', owner);
    expect(parsedBody(SystemProgram.createAccountWithSeed({
      fromPubkey: feePayer, newAccountPubkey: derived, basePubkey: base, seed: 'causemint-seed', lamports: 10, space: 3, programId: owner,
    }))).toEqual({
      type: 'createAccountWithSeed',
      info: { source: feePayer.toBase58(), newAccount: derived.toBase58(), base: base.toBase58(), seed: 'causemint-seed', lamports: 10, space: 3, owner: owner.toBase58() },
    });
    expect(parsedBody(SystemProgram.transfer({
      fromPubkey: derived, basePubkey: base, toPubkey: feePayer, lamports: 7, seed: 'causemint-seed', programId: owner,
    }))).toEqual({
      type: 'transferWithSeed',
      info: { source: derived.toBase58(), sourceBase: base.toBase58(), destination: feePayer.toBase58(), lamports: 7, sourceSeed: 'causemint-seed', sourceOwner: owner.toBase58() },
    });
    expect(parsedBody(SystemProgram.allocate({ accountPubkey: derived, basePubkey: base, seed: 's', space: 9, programId: owner })))
      .toEqual({ type: 'allocateWithSeed', info: { account: derived.toBase58(), base: base.toBase58(), seed: 's', space: 9, owner: owner.toBase58() } });
    expect(parsedBody(SystemProgram.assign({ accountPubkey: derived, basePubkey: base, seed: 's', programId: owner })))
      .toEqual({ type: 'assignWithSeed', info: { account: derived.toBase58(), base: base.toBase58(), seed: 's', owner: owner.toBase58() } });
  });

  it('renders the nonce instructions', () => {
    const nonce = key(); const authority = key(); const newAuthority = key();
    const [create, init] = parseFromWire(...SystemProgram.createNonceAccount({
      fromPubkey: feePayer, noncePubkey: nonce, authorizedPubkey: authority, lamports: 1_447_680,
    }).instructions);
    expect(create?.parsed).toMatchObject({ type: 'createAccount', info: { space: NONCE_ACCOUNT_LENGTH } });
    expect(init?.parsed).toEqual({
      type: 'initializeNonce',
      info: { nonceAccount: nonce.toBase58(), recentBlockhashesSysvar: SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBase58(), rentSysvar: SYSVAR_RENT_PUBKEY.toBase58(), nonceAuthority: authority.toBase58() },
    });
    expect(parsedBody(SystemProgram.nonceAdvance({ noncePubkey: nonce, authorizedPubkey: authority }))).toEqual({
      type: 'advanceNonce',
      info: { nonceAccount: nonce.toBase58(), recentBlockhashesSysvar: SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBase58(), nonceAuthority: authority.toBase58() },
    });
    expect(parsedBody(SystemProgram.nonceWithdraw({ noncePubkey: nonce, authorizedPubkey: authority, toPubkey: feePayer, lamports: 42 }))).toEqual({
      type: 'withdrawFromNonce',
      info: {
        nonceAccount: nonce.toBase58(), destination: feePayer.toBase58(), recentBlockhashesSysvar: SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBase58(),
        rentSysvar: SYSVAR_RENT_PUBKEY.toBase58(), nonceAuthority: authority.toBase58(), lamports: 42,
      },
    });
    expect(parsedBody(SystemProgram.nonceAuthorize({ noncePubkey: nonce, authorizedPubkey: authority, newAuthorizedPubkey: newAuthority }))).toEqual({
      type: 'authorizeNonce', info: { nonceAccount: nonce.toBase58(), nonceAuthority: authority.toBase58(), newAuthorized: newAuthority.toBase58() },
    });
  });

  it('returns null (partially decoded) for bad data or too few accounts', () => {
    const transfer = SystemProgram.transfer({ fromPubkey: feePayer, toPubkey: key(), lamports: 1 });
    const accounts = transfer.keys.map((k) => k.pubkey.toBase58());
    expect(parseInstruction(SYSTEM_PROGRAM, accounts.slice(0, 1), transfer.data)).toBeNull();
    expect(parseInstruction(SYSTEM_PROGRAM, accounts, transfer.data.subarray(0, 6))).toBeNull();
    expect(parseInstruction(SYSTEM_PROGRAM, accounts, Uint8Array.of(99, 0, 0, 0))).toBeNull();
    expect(parsedBody(new TransactionInstruction({ programId: SystemProgram.programId, keys: [], data: Buffer.alloc(0) }))).toBeNull();
  });
});
