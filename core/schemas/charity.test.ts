import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { CHARITY_MESSAGES as M, CharityCreate, CharityMove, CharityPatch } from './charity';

const wallet = Keypair.generate().publicKey.toBase58();
const base = { name: ' Riverbend ', category: 'Basic Needs', wallet_address: wallet, website: 'riverbend.example' };
const firstError = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('the charity form schema', () => {
  it('trims, defaults to active and turns blank optional fields into null', () => {
    expect(CharityCreate.parse({ ...base, website_url: '', logo: '  ', description: undefined })).toEqual({
      name: 'Riverbend', category: 'Basic Needs', wallet_address: wallet, website: 'riverbend.example',
      website_url: null, logo: null, description: null, is_active: true,
    });
  });

  it('accepts web links and site paths for the logo, refuses other schemes', () => {
    expect(CharityCreate.parse({ ...base, logo: '/ipfs/bafy' }).logo).toBe('/ipfs/bafy');
    expect(CharityCreate.parse({ ...base, logo: 'https://cdn.example/logo.png' }).logo).toBe('https://cdn.example/logo.png');
    for (const logo of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AAAA']) expect(firstError(CharityCreate, { ...base, logo })).toBe(M.logo);
    for (const website_url of ['javascript:alert(1)', 'riverbend.example', 'ftp://x.example']) expect(firstError(CharityCreate, { ...base, website_url })).toBe(M.websiteUrl);
  });

  it('requires name, a listed category, a Solana wallet and the website', () => {
    expect(firstError(CharityCreate, { ...base, name: '' })).toBe(M.nameRequired);
    expect(firstError(CharityCreate, { ...base, category: 'basic needs' })).toBe(M.category);
    expect(firstError(CharityCreate, { ...base, wallet_address: '' })).toBe(M.walletRequired);
    expect(firstError(CharityCreate, { ...base, wallet_address: '0OIl' + wallet.slice(4) })).toBe('Invalid Solana wallet address');
    expect(firstError(CharityCreate, { ...base, website: undefined })).toBe(M.websiteRequired);
  });

  it('a patch keeps what it leaves out and clears what it blanks', () => {
    expect(CharityPatch.parse({ is_active: false })).toEqual({ is_active: false });
    expect(CharityPatch.parse({ description: '' })).toEqual({ description: null });
    expect(firstError(CharityMove, { direction: 'left' })).toBe(M.direction);
  });
});
