import { describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { launchCampaign } from './launchApi';

describe('launchCampaign (the e2e launch helper)', () => {
  it('launches a token through the HTTP API, and the API then returns its campaign', async () => {
    const baseUrl = sharedBaseUrl();
    const launched = await launchCampaign(baseUrl, { name: 'Helper Launch', ticker: 'HELPER', initialBuy: '0.2' });
    expect(launched.mint).toBe(launched.prepared.token_address);
    expect(BigInt(launched.created.initialBuyTokens)).toBeGreaterThan(0n);
    const res = await fetch(`${baseUrl}/api/campaigns/${launched.mint}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      token_address: launched.mint, ticker: 'HELPER', name: 'Helper Launch', creator_wallet: launched.creator.publicKey.toBase58(), status: 'active',
    });
  }, 60_000);
});
