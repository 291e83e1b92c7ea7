import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerClusterQuery, explorerTokenUrl, explorerTxUrl } from './explorer';

const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('explorer links', () => {
  it('carry no cluster parameter on mainnet-beta', () => {
    const target = { cluster: 'mainnet-beta' as const, origin: 'https://causemint.example' };
    expect(explorerAddressUrl(address, target)).toBe(`https://explorer.solana.com/address/${address}`);
    expect(explorerTxUrl(signature, target)).toBe(`https://explorer.solana.com/tx/${signature}`);
  });

  it('name devnet and testnet', () => {
    expect(explorerTxUrl(signature, { cluster: 'devnet', origin: 'https://x.example' }))
      .toBe(`https://explorer.solana.com/tx/${signature}?cluster=devnet`);
    expect(explorerAddressUrl(address, { cluster: 'testnet', origin: 'https://x.example' }))
      .toBe(`https://explorer.solana.com/address/${address}?cluster=testnet`);
  });

  it("point at this server's /api/rpc in local mode", () => {
    const target = { cluster: 'localnet' as const, origin: 'http://127.0.0.1:8787' };
    expect(explorerClusterQuery(target)).toBe('?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8787%2Fapi%2Frpc');
    expect(explorerAddressUrl(address, target))
      .toBe(`https://explorer.solana.com/address/${address}?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8787%2Fapi%2Frpc`);
    const url = new URL(explorerTxUrl(signature, { ...target, origin: 'https://demo.example/' }));
    expect(url.searchParams.get('cluster')).toBe('custom');
    expect(url.searchParams.get('customUrl')).toBe('https://demo.example/api/rpc');
  });

  it('open a token mint as an address page', () => {
    expect(explorerTokenUrl(address, { cluster: 'devnet', origin: 'https://x.example' }))
      .toBe(`https://explorer.solana.com/address/${address}?cluster=devnet`);
  });
});
