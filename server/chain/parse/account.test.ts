import {
  ACCOUNT_SIZE, AccountLayout, AccountState, MINT_SIZE, MintLayout, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID,
  createHarvestWithheldTokensToMintInstruction,
} from '@solana/spl-token';
import { createUpdateFieldInstruction } from '@solana/spl-token-metadata';
import { Keypair, PublicKey } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAccountData } from './account';
import { TokenLedger } from './testing/tokenLedger';
import { parseTokenBalance } from './tokenBalance';
import { mintDecimals } from './tokenState';

// Expected shapes are agave account-decoder (parse_token.rs, parse_token_extension.rs and
// the client types' serde attributes); the bytes come from the real programs on LiteSVM.
const T22 = TOKEN_2022_PROGRAM_ID.toBase58();
const whole = 10n ** 9n;

describe('Token-2022 accounts written by the real program', () => {
  const ledger = new TokenLedger();
  const alice = Keypair.generate(); const bob = Keypair.generate();
  let token: ReturnType<TokenLedger['createFeeMint']>;
  let aliceAta: PublicKey; let bobAta: PublicKey;

  beforeAll(() => {
    token = ledger.createFeeMint({ feeBps: 600, maxFee: 10n ** 15n, metadata: { name: 'Clean Water', symbol: 'WATER', uri: 'https://causemint.test/m.json', additionalMetadata: [['cause', 'water']] } });
    ledger.send([createUpdateFieldInstruction({
      programId: TOKEN_2022_PROGRAM_ID, metadata: token.mint, updateAuthority: token.authority.publicKey, field: 'cause', value: 'water',
    })], [token.authority]);
    aliceAta = ledger.createAta(token.mint, alice.publicKey);
    bobAta = ledger.createAta(token.mint, bob.publicKey);
    ledger.mintTo(token.mint, aliceAta, token.authority, 10_000n * whole);
    ledger.transferChecked(aliceAta, token.mint, bobAta, alice, 1_000n * whole, 9);
  });

  it('parses the mint with transferFeeConfig, metadataPointer and tokenMetadata', () => {
    const data = ledger.data(token.mint);
    const parsed = parseAccountData(T22, data);
    const authority = token.authority.publicKey.toBase58();
    const fee = { epoch: 0, maximumFee: 1e15, transferFeeBasisPoints: 600 };
    expect(parsed).toEqual({
      program: 'spl-token-2022',
      space: data.length,
      parsed: {
        type: 'mint',
        info: {
          mintAuthority: authority,
          supply: (10_000n * whole).toString(),
          decimals: 9,
          isInitialized: true,
          freezeAuthority: null,
          extensions: [
            {
              extension: 'transferFeeConfig',
              state: {
                transferFeeConfigAuthority: authority, withdrawWithheldAuthority: token.withdrawAuthority.publicKey.toBase58(),
                withheldAmount: 0, olderTransferFee: fee, newerTransferFee: fee,
              },
            },
            { extension: 'metadataPointer', state: { authority, metadataAddress: token.mint.toBase58() } },
            {
              extension: 'tokenMetadata',
              state: {
                updateAuthority: authority, mint: token.mint.toBase58(), name: 'Clean Water', symbol: 'WATER',
                uri: 'https://causemint.test/m.json', additionalMetadata: [['cause', 'water']],
              },
            },
          ],
        },
      },
    });
    expect(mintDecimals(T22, data)).toBe(9);
  });

  it('parses a fee-bearing token account with the withheld fee and immutableOwner', () => {
    const decimalsOf = (mint: string) => (mint === token.mint.toBase58() ? 9 : undefined);
    const data = ledger.data(bobAta);
    expect(parseAccountData(T22, data, decimalsOf)).toEqual({
      program: 'spl-token-2022',
      space: data.length,
      parsed: {
        type: 'account',
        info: {
          mint: token.mint.toBase58(),
          owner: bob.publicKey.toBase58(),
          tokenAmount: { uiAmount: 940, decimals: 9, amount: (940n * whole).toString(), uiAmountString: '940' },
          state: 'initialized',
          isNative: false,
          extensions: [{ extension: 'immutableOwner' }, { extension: 'transferFeeAmount', state: { withheldAmount: 60 * 1e9 } }],
        },
      },
    });
    // Without the mint's decimals a real node cannot render it and falls back to base64.
    expect(parseAccountData(T22, data)).toBeNull();
  });

  it('shows the harvested fee on the mint', () => {
    ledger.send([createHarvestWithheldTokensToMintInstruction(token.mint, [bobAta], TOKEN_2022_PROGRAM_ID)]);
    const mint = parseAccountData(T22, ledger.data(token.mint)) as { parsed: { info: { extensions: { state?: { withheldAmount?: number } }[] } } };
    expect(mint.parsed.info.extensions[0].state?.withheldAmount).toBe(60 * 1e9);
    const account = parseAccountData(T22, ledger.data(bobAta), () => 9) as { parsed: { info: { extensions: unknown[] } } };
    expect(account.parsed.info.extensions[1]).toEqual({ extension: 'transferFeeAmount', state: { withheldAmount: 0 } });
  });

  it('renders token balance entries as meta.pre/postTokenBalances do', () => {
    expect(parseTokenBalance(3, T22, ledger.data(aliceAta), () => 9)).toEqual({
      accountIndex: 3,
      mint: token.mint.toBase58(),
      uiTokenAmount: { uiAmount: 9000, decimals: 9, amount: (9_000n * whole).toString(), uiAmountString: '9000' },
      owner: alice.publicKey.toBase58(),
      programId: T22,
    });
    expect(parseTokenBalance(0, T22, ledger.data(token.mint), () => 9)).toBeNull();
    expect(parseTokenBalance(1, T22, ledger.data(aliceAta), () => undefined)).toBeNull();
  });
});

describe('SPL Token (legacy) accounts', () => {
  const program = TOKEN_PROGRAM_ID.toBase58();
  const owner = Keypair.generate().publicKey; const mint = Keypair.generate().publicKey; const delegate = Keypair.generate().publicKey;

  function mintBytes(isInitialized: boolean): Uint8Array {
    const data = Buffer.alloc(MINT_SIZE);
    MintLayout.encode({
      mintAuthorityOption: 1, mintAuthority: owner, supply: 42n, decimals: 3, isInitialized,
      freezeAuthorityOption: 1, freezeAuthority: owner,
    }, data);
    return data;
  }

  function accountBytes(state: AccountState): Uint8Array {
    const data = Buffer.alloc(ACCOUNT_SIZE);
    AccountLayout.encode({
      mint, owner, amount: 42n, delegateOption: 1, delegate, state, isNativeOption: 0, isNative: 0n,
      delegatedAmount: 2n, closeAuthorityOption: 1, closeAuthority: owner,
    }, data);
    return data;
  }

  it("parses a mint as program 'spl-token'", () => {
    expect(parseAccountData(program, mintBytes(true))).toEqual({
      program: 'spl-token',
      space: MINT_SIZE,
      parsed: { type: 'mint', info: { mintAuthority: owner.toBase58(), supply: '42', decimals: 3, isInitialized: true, freezeAuthority: owner.toBase58() } },
    });
  });

  it('parses an account with delegate, delegatedAmount and closeAuthority', () => {
    expect(parseAccountData(program, accountBytes(AccountState.Frozen), () => 2)?.parsed).toEqual({
      type: 'account',
      info: {
        mint: mint.toBase58(), owner: owner.toBase58(),
        tokenAmount: { uiAmount: 0.42, decimals: 2, amount: '42', uiAmountString: '0.42' },
        delegate: delegate.toBase58(), state: 'frozen', isNative: false,
        delegatedAmount: { uiAmount: 0.02, decimals: 2, amount: '2', uiAmountString: '0.02' },
        closeAuthority: owner.toBase58(),
      },
    });
  });

  it('returns null for uninitialized state, other owners and short data', () => {
    expect(parseAccountData(program, mintBytes(false))).toBeNull();
    expect(parseAccountData(program, accountBytes(AccountState.Uninitialized), () => 2)).toBeNull();
    expect(parseAccountData(PublicKey.default.toBase58(), mintBytes(true))).toBeNull();
    expect(parseAccountData(program, new Uint8Array(4))).toBeNull();
  });
});
