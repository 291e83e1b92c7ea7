import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BorshAccountsCoder, BN, type Idl } from '@coral-xyz/anchor';
import { CpAmmIdl } from '@meteora-ag/cp-amm-sdk';
import { PublicKey } from '@solana/web3.js';
import { DAMM_V2_CONFIG_DATA, DBC_POOL_AUTHORITY } from './meteora';

// The IDL as the SDK ships it: JSON (typed with plain strings) in the program's snake_case names.
const coder = new BorshAccountsCoder(CpAmmIdl as Idl);
const zeros = (n: number) => Array<number>(n).fill(0);
const zeroBns = (n: number) => Array.from({ length: n }, () => new BN(0));

/** The config facts.md records as the one DBC's Customizable migration accepted on our ledger. */
const CUSTOMIZABLE_CONFIG = {
  vault_config_key: PublicKey.default,
  pool_creator_authority: new PublicKey(DBC_POOL_AUTHORITY),
  pool_fees: {
    base_fee: { data: zeros(32) },
    dynamic_fee: {
      initialized: 0, padding: zeros(7), max_volatility_accumulator: 0, variable_fee_control: 0,
      bin_step: 0, filter_period: 0, decay_period: 0, reduction_factor: 0, padding_1: zeros(8), bin_step_u128: new BN(0),
    },
    protocol_fee_percent: 20,
    padding_0: 0,
    referral_fee_percent: 20,
    padding_1: zeros(3),
    compounding_fee_bps: 0,
    padding_2: zeroBns(5),
  },
  activation_type: 1,
  collect_fee_mode: 0,
  config_type: 1,
  _padding_0: zeros(5),
  index: new BN(0),
  sqrt_min_price: new BN('4295048016'),
  sqrt_max_price: new BN('79226673521066979257578248091'),
  permission: new BN(0),
  _padding_1: zeroBns(8),
};

type DecodedConfig = {
  config_type: number; activation_type: number; collect_fee_mode: number;
  pool_creator_authority: PublicKey; vault_config_key: PublicKey;
  sqrt_min_price: BN; sqrt_max_price: BN;
  pool_fees: { protocol_fee_percent: number; referral_fee_percent: number; base_fee: { data: number[] } };
};

describe('genesis: the DAMM v2 Customizable config', () => {
  it('is the Config account the cp-amm IDL encodes from the recorded fields', async () => {
    const encoded = await coder.encode('Config', CUSTOMIZABLE_CONFIG);
    expect(DAMM_V2_CONFIG_DATA.length).toBe(328);
    expect(coder.size('Config')).toBe(328);
    expect(encoded.equals(DAMM_V2_CONFIG_DATA)).toBe(true);
  });

  it('decodes as a dynamic config only DBC pool authority may use, full price range, 20% protocol share', () => {
    const config = coder.decode<DecodedConfig>('Config', DAMM_V2_CONFIG_DATA);
    expect(config.config_type).toBe(1);
    expect(config.pool_creator_authority.toBase58()).toBe(DBC_POOL_AUTHORITY);
    expect(config.vault_config_key.equals(PublicKey.default)).toBe(true);
    expect(config.activation_type).toBe(1);
    expect(config.collect_fee_mode).toBe(0);
    expect(config.sqrt_min_price.toString()).toBe('4295048016');
    expect(config.sqrt_max_price.toString()).toBe('79226673521066979257578248091');
    expect(config.pool_fees.protocol_fee_percent).toBe(20);
    expect(config.pool_fees.referral_fee_percent).toBe(20);
    expect(config.pool_fees.base_fee.data.every((byte) => byte === 0)).toBe(true);
  });

  it('ships the binaries whose sha256 the README beside them records', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8');
    // Table rows: | `file.so` | program | `address` | `sha256` |
    const rows = [...readme.matchAll(/^\| `([^`]+\.so)` \|.*\| `([0-9a-f]{64})` \|$/gm)].map(([, file, sha]) => [file, sha]);
    expect(rows.map(([file]) => file).sort()).toEqual(['cp_amm.so', 'dynamic_bonding_curve.so']);
    for (const [file, sha] of rows) {
      const bytes = fs.readFileSync(path.join(import.meta.dirname, file));
      expect({ file, sha256: crypto.createHash('sha256').update(bytes).digest('hex') }).toEqual({ file, sha256: sha });
    }
  });
});
