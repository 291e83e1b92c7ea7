import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientConfigSchema } from '../../../core/clientConfig';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../testing/app';
import { clientConfig } from './config';

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ SOL_USD: '123.5' }); });
  afterAll(async () => { await t?.close(); });

  it('describes local mode by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ClientConfigSchema.parse(body)).toEqual(body);
    const treasury = (await t.services.keys.treasury()).publicKey.toBase58();
    expect(body).toEqual({ localMode: true, cluster: 'localnet', rpcPath: '/api/rpc', solUsd: 123.5, siteName: 'Causemint', supportWallet: treasury, supportChatUrl: null, backerMinSol: '0.01', payoutIntervalMs: t.services.env.distributorIntervalMs, curveProgram: 'dbc', curvePlatformSharePercent: 0 });
    expect(body.payoutIntervalMs).toBeGreaterThanOrEqual(1000);
  });
});

describe('client configuration on a real cluster', () => {
  const real = {
    SOLANA_RPC_URL: 'https://rpc.provider.example/?api-key=secret-key-123',
    SOLANA_CLUSTER: 'devnet',
    SUPPORT_WALLET: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    SUPPORT_CHAT_URL: 'https://chat.causemint.example/widget',
  };

  it('names the cluster and the support wallet, never the upstream RPC or its key', () => {
    const config = clientConfig(loadEnv(real), '11111111111111111111111111111111');
    expect(config).toEqual({
      localMode: false, cluster: 'devnet', rpcPath: '/api/rpc', solUsd: 150, siteName: 'Causemint',
      supportWallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', supportChatUrl: 'https://chat.causemint.example/widget',
      backerMinSol: '0.01',
      // A cluster pays every 10 minutes unless DISTRIBUTOR_INTERVAL_MS says otherwise.
      payoutIntervalMs: 600_000,
      // Campaigns launch on their own DBC pools; all of a pool's fee after DBC's share is the cause's.
      curveProgram: 'dbc', curvePlatformSharePercent: 0,
    });
    // The custodial curve was retired: naming it stops the start with a message saying so.
    expect(() => loadEnv({ ...real, CURVE_PROGRAM: 'custodial' })).toThrow(/custodial curve was retired/);
    expect(clientConfig(loadEnv({ ...real, CURVE_PROGRAM: 'dbc' }), '11111111111111111111111111111111').curveProgram).toBe('dbc');
    expect(clientConfig(loadEnv({ ...real, CURVE_PLATFORM_SHARE_PERCENT: '25' }), '11111111111111111111111111111111').curvePlatformSharePercent).toBe(25);
    expect(() => loadEnv({ CURVE_PROGRAM: 'pumpfun' })).toThrow(/CURVE_PROGRAM/);
    expect(clientConfig(loadEnv({ ...real, DISTRIBUTOR_INTERVAL_MS: '120000' }), '11111111111111111111111111111111').payoutIntervalMs).toBe(120_000);
    expect(JSON.stringify(config)).not.toContain('secret-key-123');
    expect(JSON.stringify(config)).not.toContain('rpc.provider.example');
  });

  it('rejects a support wallet that is not a base58 address', () => {
    expect(() => loadEnv({ SUPPORT_WALLET: 'not a wallet 0OIl' })).toThrow(/SUPPORT_WALLET/);
  });

  it('rejects a support chat that is not an https URL', () => {
    expect(() => loadEnv({ SUPPORT_CHAT_URL: 'http://chat.example' })).toThrow(/SUPPORT_CHAT_URL/);
    expect(() => loadEnv({ SUPPORT_CHAT_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_CHAT_URL/);
  });
});
