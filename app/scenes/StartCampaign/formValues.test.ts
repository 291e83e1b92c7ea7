import { describe, expect, it } from 'vitest';
import { dbcCostBreakdown, INITIAL_VALUES, LOGO_REQUIRED, validateForm, type FormValues } from './formValues';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const filled: FormValues = {
  ...INITIAL_VALUES, name: 'Save the Reef', ticker: 'reef', goal: '100', donationWallet: WALLET, description: 'Coral.',
};

describe('validateForm', () => {
  it('lists the first message of every failing field, the logo included', () => {
    expect(validateForm(INITIAL_VALUES, false).errors).toEqual({
      logo: LOGO_REQUIRED,
      name: 'Campaign name is required',
      ticker: 'Token symbol is required',
      goal: 'Goal amount is required',
      donationWallet: 'Donation wallet is required',
      description: 'Description is required',
    });
  });

  it('returns the parsed form only when nothing fails', () => {
    expect(validateForm(filled, false)).toEqual({ errors: { logo: LOGO_REQUIRED }, form: null });
    const ok = validateForm({ ...filled, initialBuy: '0.5' }, true);
    expect(ok.errors).toEqual({});
    expect(ok.form).toMatchObject({ ticker: 'REEF', goal: 100_000_000_000n, initialBuy: 500_000_000n, category: 'Other', bondingCurveType: 1 });
  });

  it('reports the field rules with the spec words', () => {
    const errors = validateForm({ ...filled, ticker: 'AB1', initialBuy: '3', twitter: 'https://facebook.com/x', donationWallet: 'nope' }, true).errors;
    expect(errors).toEqual({
      ticker: 'Only letters allowed',
      initialBuy: 'Maximum 2 SOL allowed',
      twitter: 'Invalid Twitter/X URL or username',
      donationWallet: 'Invalid Solana wallet address',
    });
  });
});

describe('dbcCostBreakdown (a launch on a DBC pool)', () => {
  const origin = 'http://localhost:8787';
  it('is the creation fee, the initial buy and the accounts\' rent with the network fee, rounded up to 0.001 SOL', () => {
    // Pool 424 bytes, two vaults of 165, the mint 318 + name + ticker + uri (85), the creator's token account 170; three signatures.
    expect(dbcCostBreakdown({ initialBuy: '0.5', name: 'Clean Water', ticker: 'WATER' }, origin))
      .toEqual({ creationFee: '0.02', initialBuy: '0.5', network: '0.014', total: '0.534' });
    expect(dbcCostBreakdown({ initialBuy: '', name: 'Clean Water', ticker: 'WATER' }, origin))
      .toEqual({ creationFee: '0.02', initialBuy: null, network: '0.012', total: '0.032' });
  });

  it('assumes the longest name and ticker until they are typed', () => {
    expect(dbcCostBreakdown({ initialBuy: '', name: '', ticker: '' }, origin))
      .toEqual(dbcCostBreakdown({ initialBuy: '', name: 'x'.repeat(30), ticker: 'XXXXXXXXXX' }, origin));
    expect(dbcCostBreakdown({ initialBuy: '', name: '', ticker: '' }, origin).network).toBe('0.012');
  });
});
