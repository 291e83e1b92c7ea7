import { describe, expect, it } from 'vitest';
import type { CreationForm } from '../../../core/schemas/creation';
import { ApiError } from '../../api/client';
import type { CreateLaunchResult, PrepareResult } from '../../api/launch';
import { creationFailedDescription } from './creationToasts';
import { runCreation, type CreationDeps } from './runCreation';
import { isSettledFailure, LaunchUnresolvedError, recoverLaunch, type RecoveryDeps } from './recoverLaunch';

// The creation flow against a launch service that fails at each step: the error is the
// spec's service message (section 8) with the specific reason beside it, and the
// 'Creation failed' description keeps the wallet/chain mapping first.

const form = {
  name: 'Clean Water', ticker: 'WATER', description: 'Wells.', category: 'Environment', goal: 5_000_000_000n,
  donationWallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', initialBuy: 0n, bondingCurveType: 1,
} as unknown as CreationForm;

const prepared: PrepareResult = {
  request_id: 'req-1', funding_wallet: 'Fund111111111111111111111111111111111111111', distribution_wallet: 'x',
  amount_to_fund: 0.05, amount_to_fund_lamports: '50000000', token_address: 'Mint11111111111111111111111111111111111111',
};

function deps(overrides: Partial<CreationDeps>): CreationDeps {
  return {
    donationWalletRefusal: async () => null,
    upload: async () => ({ url: '/ipfs/logo' }),
    prepare: async () => prepared,
    fund: async () => 'sig',
    create: async (): Promise<CreateLaunchResult> => ({ mintAddress: prepared.token_address, txSignature: 'sig' }),
    recover: async () => { throw new Error('recover must not run'); },
    onStep: () => {},
    warnVideo: () => {},
    warnPhotos: () => {},
    ...overrides,
  };
}

const input = { form, logo: new File(['x'], 'logo.png'), video: null, photos: [], wallet: 'Creator1111111111111111111111111111111111111', ref: null };

async function failure(overrides: Partial<CreationDeps>): Promise<{ message: string; description: string }> {
  const err = await runCreation(input, deps(overrides)).then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as Error);
  return { message: err.message, description: creationFailedDescription(err) };
}

describe('creation service messages', () => {
  it("prepare: 'Failed to prepare token creation' with the service's reason", async () => {
    const out = await failure({ prepare: async () => { throw new ApiError('Too many launch requests: please wait a minute', 429); } });
    expect(out.message).toBe('Failed to prepare token creation: Too many launch requests: please wait a minute');
    expect(out.description).toBe(out.message);
  });

  it("funding: 'Failed to create funding transaction: {reason}', a wallet refusal still reads as one", async () => {
    const broken = await failure({ fund: async () => { throw new Error('failed to get recent blockhash: 503'); } });
    expect(broken.description).toBe('Failed to create funding transaction: failed to get recent blockhash: 503');
    const cancelled = await failure({ fund: async () => { throw Object.assign(new Error('User rejected the request.'), { name: 'WalletSignTransactionError' }); } });
    expect(cancelled.description).toBe('Transaction cancelled by user');
    const poor = await failure({ fund: async () => { throw new Error('Attempt to debit an account but found no record of a prior credit.'); } });
    expect(poor.description).toBe('Insufficient SOL balance for transaction');
  });

  it("create: 'Failed to complete token creation' with the server's message and reason", async () => {
    const out = await failure({
      create: async () => { throw new ApiError('Failed to create token', 502, 'Failed to create bonding token: Token metadata refused: too long', { refunded: true }); },
    });
    expect(out.description).toBe('Failed to complete token creation: Failed to create token (Failed to create bonding token: Token metadata refused: too long)');
    const unfunded = await failure({ create: async () => { throw new ApiError('Funding wallet has not been funded yet', 400); } });
    expect(unfunded.description).toBe('Failed to complete token creation: Funding wallet has not been funded yet');
  });

  it('a donation wallet the server would refuse stops the flow before anything is uploaded or paid, with the reason', async () => {
    const calls: string[] = [];
    const reason = 'This address is a token account, token mint or program, not a wallet: enter the wallet that should receive the donations';
    const out = await failure({
      donationWalletRefusal: async () => reason,
      upload: async () => { calls.push('upload'); return { url: '/ipfs/x' }; },
      prepare: async () => { calls.push('prepare'); return prepared; },
      fund: async () => { calls.push('fund'); return 'sig'; },
    });
    expect(out.description).toBe(reason);
    expect(calls).toEqual([]);
  });
});

describe('a create answer that is lost after the funding', () => {
  const lookups = (found: { token_address: string; transaction_signature: string } | null) => {
    const calls: string[] = [];
    const recoveryDeps: RecoveryDeps = {
      findByRequest: async (id) => { calls.push(`find ${id}`); return found; },
      create: async () => { calls.push('create'); throw new ApiError('Connection failed', 0); },
      wait: async () => {},
    };
    return { calls, recoveryDeps };
  };

  it('finds the campaign by request id and succeeds, without a second prepare or funding', async () => {
    const { calls, recoveryDeps } = lookups({ token_address: prepared.token_address, transaction_signature: 'sweep' });
    const steps: string[] = [];
    const outcome = await runCreation(input, deps({
      prepare: async () => { steps.push('prepare'); return prepared; },
      fund: async () => { steps.push('fund'); return 'sig'; },
      create: async () => { throw new ApiError('Connection failed', 0); },
      recover: (body) => recoverLaunch(body, recoveryDeps),
    }));
    expect(outcome).toMatchObject({ mintAddress: prepared.token_address, txSignature: 'sweep' });
    expect(steps).toEqual(['prepare', 'fund']);
    expect(calls).toEqual(['find req-1']);
  });

  it('an answer without the token address is looked up too', async () => {
    const { recoveryDeps } = lookups({ token_address: prepared.token_address, transaction_signature: 'sweep' });
    const outcome = await runCreation(input, deps({
      create: async () => ({ txSignature: 'x' }) as CreateLaunchResult,
      recover: (body) => recoverLaunch(body, recoveryDeps),
    }));
    expect(outcome.mintAddress).toBe(prepared.token_address);
  });

  it('nothing found after a few tries: unresolved (never a failure that offers the form)', async () => {
    const { calls, recoveryDeps } = lookups(null);
    const err = await runCreation(input, deps({
      create: async () => { throw new ApiError('Failed to create token', 502); },
      recover: (body) => recoverLaunch(body, recoveryDeps),
    })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LaunchUnresolvedError);
    expect((err as LaunchUnresolvedError).requestId).toBe('req-1');
    expect(calls.filter((c) => c === 'create').length).toBeGreaterThan(1);
  });

  it('a refunded launch is a settled failure, as is a refusal of the request', () => {
    expect(isSettledFailure(new ApiError('Failed to create token', 502, undefined, { refunded: true }))).toBe(true);
    expect(isSettledFailure(new ApiError('Funding wallet has not been funded yet', 400))).toBe(true);
    expect(isSettledFailure(new ApiError('Failed to create token', 502, undefined, { refunded: false }))).toBe(false);
    expect(isSettledFailure(new ApiError('Connection failed', 0))).toBe(false);
  });
});
