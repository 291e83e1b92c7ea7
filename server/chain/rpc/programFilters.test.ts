import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { TokenLedger } from '../parse/testing/tokenLedger';
import { programFilters } from './programFilters';

// Agave: rpc-client-api filter.rs (RpcFilterType, Memcmp, verify) and rpc.rs verify_filters.
describe('program filters as Agave takes them', () => {
  const ledger = new TokenLedger();
  const { mint, authority } = ledger.createFeeMint({ feeBps: 100, maxFee: 10n, metadata: { name: 'N', symbol: 'S', uri: 'u', additionalMetadata: [] } });
  const holder = Keypair.generate();
  const ata = ledger.createAta(mint, holder.publicKey);
  ledger.mintTo(mint, ata, authority, 5n);
  const accountData = ledger.data(ata);
  const mintData = ledger.data(mint);
  const passes = (filters: unknown[], data: Uint8Array) => programFilters({ filters }).every((f) => f(data));

  it('tokenAccountState passes an initialized Token-2022 account with extensions and excludes its mint', () => {
    expect(accountData.length).toBeGreaterThan(165);
    for (const filter of ['tokenAccountState', { tokenAccountState: null }]) {
      expect(passes([filter], accountData)).toBe(true);
      expect(passes([filter], mintData)).toBe(false);
    }
  });

  it('memcmp in base58 (the default), base64 and raw bytes, and dataSize', () => {
    const mintBytes = mint.toBytes();
    expect(passes([{ memcmp: { offset: 0, bytes: mint.toBase58() } }], accountData)).toBe(true);
    expect(passes([{ memcmp: { offset: 0, bytes: Buffer.from(mintBytes).toString('base64'), encoding: 'base64' } }], accountData)).toBe(true);
    expect(passes([{ memcmp: { offset: 32, bytes: [...holder.publicKey.toBytes()], encoding: 'bytes' } }], accountData)).toBe(true);
    expect(passes([{ memcmp: { offset: 32, bytes: mint.toBase58() } }], accountData)).toBe(false);
    // Past the end of the data: no match, no error.
    expect(passes([{ memcmp: { offset: accountData.length, bytes: [1] } }], accountData)).toBe(false);
    expect(passes([{ dataSize: accountData.length }, 'tokenAccountState'], accountData)).toBe(true);
    expect(passes([{ dataSize: 165 }], accountData)).toBe(false);
  });

  it('refuses what Agave refuses, with its texts', () => {
    const refusal = (filters: unknown) => { try { programFilters({ filters }); return undefined; } catch (e) { return { code: (e as { code: number }).code, message: (e as Error).message }; } };
    expect(refusal(Array(5).fill({ dataSize: 1 }))).toEqual({ code: -32602, message: 'Too many filters provided; max 4' });
    // A known unit variant given a value says so (not 'unknown variant tokenAccountState, expected ... tokenAccountState').
    expect(refusal([{ tokenAccountState: {} }])).toEqual({ code: -32602, message: 'Invalid params: invalid type: map, expected unit variant RpcFilterType::TokenAccountState.' });
    expect(refusal([{ tokenAccountState: 1 }])?.message).toContain('invalid type: integer `1`, expected unit variant');
    expect(refusal([{ memcmp: { offset: 0, bytes: '1'.repeat(176) } }])).toEqual({ code: -32602, message: 'Invalid param: DataTooLarge' });
    expect(refusal([{ memcmp: { offset: 0, bytes: Array(129).fill(0) } }])).toEqual({ code: -32602, message: 'Invalid param: DataTooLarge' });
    expect(refusal([{ memcmp: { offset: 0, bytes: 'abc0' } }])).toEqual({ code: -32602, message: "Invalid param: Base58DecodeError(InvalidCharacter { character: '0', index: 3 })" });
    expect(refusal([{ memcmp: { offset: 0, bytes: 'a', encoding: 'base64' } }])?.code).toBe(-32602);
    expect(refusal([{ owner: 'x' }])?.code).toBe(-32602);
    expect(refusal([{ dataSize: -1 }])?.code).toBe(-32602);
    expect(refusal(undefined)).toBeUndefined();
  });
});
