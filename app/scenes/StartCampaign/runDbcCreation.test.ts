import { describe, expect, it } from 'vitest';
import { DBC_CREATION_FEE_LAMPORTS } from '../../../core/dbcLaunch';
import type { CreationForm } from '../../../core/schemas/creation';
import { ApiError } from '../../api/client';
import type { CreateLaunchResult, DbcPrepareResult, DbcSignRequest } from '../../api/launch';
import { creationFailedDescription } from './creationToasts';
import { isSettledFailure, LaunchUnresolvedError, recoverLaunch } from './recoverLaunch';
import { runDbcCreation, type DbcCreationDeps } from './runDbcCreation';

// The creation flow on a DBC pool (issue 36) against a launch service and wallet that answer or
// fail at each step: one signature, nothing paid before it, the spec's service message (section 8)
// with the specific reason beside it, and a lost complete looked up by request id.

const form = {
  name: 'Clean Water', ticker: 'WATER', description: 'Wells.', category: 'Environment', goal: 5_000_000_000n,
  donationWallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', initialBuy: 500_000_000n, bondingCurveType: 1,
} as unknown as CreationForm;
const mint = 'Mint11111111111111111111111111111111111111';
const amount = DBC_CREATION_FEE_LAMPORTS + 500_000_000n;

const prepared: DbcPrepareResult = {
  program: 'dbc', request_id: 'req-1', distribution_wallet: 'Dist', distributor_wallet: 'Dist', amount_to_fund: 0.52,
  amount_to_fund_lamports: amount.toString(), creation_fee_lamports: DBC_CREATION_FEE_LAMPORTS.toString(), initial_buy_lamports: '500000000',
  network_cost_estimate: 0.015, network_cost_estimate_lamports: '15000000', token_address: mint, predicted_address: mint,
};
const request: DbcSignRequest = {
  status: 'sign', requestId: 'req-1', transactionBase64: 'dHg=', mintAddress: mint, pool: 'Pool', distributionWallet: 'Dist',
  expectedTokens: '1', minimumTokens: '1', creationFeeLamports: DBC_CREATION_FEE_LAMPORTS.toString(), initialBuyLamports: '500000000',
  networkCostLamports: '13983720', totalLamports: (amount + 13_983_720n).toString(), expiresAt: '2026-01-01T00:00:00Z',
};
const launched: CreateLaunchResult = { mintAddress: mint, txSignature: 'sig' };

function deps(calls: string[], overrides: Partial<DbcCreationDeps> = {}): DbcCreationDeps {
  return {
    donationWalletRefusal: async () => null,
    upload: async (_file, kind) => { calls.push(`upload ${kind}`); return { url: `/ipfs/${kind}` }; },
    onStep: (step) => calls.push(`step ${step}`),
    warnVideo: () => calls.push('warn video'),
    warnPhotos: () => calls.push('warn photos'),
    prepare: async () => { calls.push('prepare'); return prepared; },
    build: async (body) => { calls.push(`build ${body.request_id} ${body.imageUrl} ${body.photos.length}`); return request; },
    sign: async () => { calls.push('sign'); return 'signed'; },
    complete: async (id, signed) => { calls.push(`complete ${id} ${signed}`); return launched; },
    recover: async () => { throw new Error('recover must not run'); },
    ...overrides,
  };
}

const photo = { id: 'p', file: new File(['p'], 'p.png'), isMain: true };
const input = { form, logo: new File(['x'], 'logo.png'), video: null, photos: [photo], wallet: 'Creator1111111111111111111111111111111111111', ref: null };

describe('the DBC creation flow', () => {
  it('uploads everything, prepares, builds with the whole form, takes one signature and completes', async () => {
    const calls: string[] = [];
    const outcome = await runDbcCreation(input, deps(calls));
    expect(outcome).toMatchObject({ mintAddress: mint, photosFailed: false });
    expect(calls).toEqual([
      'step uploading-logo', 'upload token_logo', 'step uploading-photos', 'upload campaign_photo', 'step preparing', 'prepare',
      'build req-1 /ipfs/token_logo 1', 'step signing-launch', 'sign', 'step creating', 'complete req-1 signed',
    ]);
  });

  it('refuses a service that asks for another amount, or a transaction beyond what prepare named, before the wallet is asked', async () => {
    const calls: string[] = [];
    await expect(runDbcCreation(input, deps(calls, { prepare: async () => ({ ...prepared, amount_to_fund_lamports: '900000000', amount_to_fund: 0.9 }) })))
      .rejects.toThrow('the service asked for 0.9 SOL, expected 0.52 SOL');
    await expect(runDbcCreation(input, deps(calls, { build: async () => ({ ...request, totalLamports: (amount + 15_000_001n).toString() }) })))
      .rejects.toThrow('Failed to create launch transaction: it would take 0.535000001 SOL, expected at most 0.535 SOL');
    // A server still on the retired funding-wallet design answers with a funding wallet and no program.
    await expect(runDbcCreation(input, deps(calls, { prepare: async () => ({ ...prepared, program: undefined, funding_wallet: 'F' }) as never })))
      .rejects.toThrow('asks for a funding transfer, which this site no longer makes: nothing was paid');
    expect(calls).not.toContain('sign');
  });

  it('a refused signature reads as cancelled, and nothing is completed', async () => {
    const calls: string[] = [];
    const err = await runDbcCreation(input, deps(calls, {
      sign: async () => { throw Object.assign(new Error('User rejected the request.'), { name: 'WalletSignTransactionError' }); },
    })).catch((e: unknown) => e);
    expect(creationFailedDescription(err)).toBe('Transaction cancelled by user');
    expect(calls.some((c) => c.startsWith('complete'))).toBe(false);
  });

  it('a complete that did not land is a settled failure with the server\'s words; a lost answer is looked up', async () => {
    const expired = await runDbcCreation(input, deps([], {
      complete: async () => { throw new ApiError('The launch transaction expired before it landed: nothing was paid. Create it again and sign the new one', 400); },
    })).then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as Error);
    expect(expired.message).toBe('Failed to complete token creation: The launch transaction expired before it landed: nothing was paid. Create it again and sign the new one');

    const calls: string[] = [];
    const found = await runDbcCreation(input, deps(calls, {
      complete: async () => { throw new ApiError('Connection failed', 0); },
      recover: (id, signed) => recoverLaunch(id, {
        findByRequest: async () => { calls.push(`find ${id}`); return calls.filter((c) => c.startsWith('find')).length > 1 ? { token_address: mint, transaction_signature: 'sig' } : null; },
        complete: async () => { calls.push(`complete again ${signed}`); throw new ApiError('Failed to create token', 502); },
        wait: async () => {},
      }),
    }));
    expect(found.mintAddress).toBe(mint);
    expect(calls.slice(-3)).toEqual(['find req-1', 'complete again signed', 'find req-1']);

    const lost = await runDbcCreation(input, deps([], {
      complete: async () => { throw new ApiError('Connection failed', 0); },
      recover: (id) => recoverLaunch(id, { findByRequest: async () => null, complete: async () => { throw new ApiError('Connection failed', 0); }, wait: async () => {} }),
    })).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(LaunchUnresolvedError);
  });

  it('an answer without the token address is looked up too', async () => {
    const calls: string[] = [];
    const outcome = await runDbcCreation(input, deps(calls, {
      complete: async () => ({ txSignature: 'x' }) as CreateLaunchResult,
      recover: (id) => recoverLaunch(id, {
        findByRequest: async () => { calls.push(`find ${id}`); return { token_address: mint, transaction_signature: 'sig' }; },
        complete: async () => { throw new Error('complete must not be sent again once the campaign is found'); },
        wait: async () => {},
      }),
    }));
    expect(outcome.mintAddress).toBe(mint);
    expect(calls.at(-1)).toBe('find req-1');
  });

  it('a refusal of the request is settled; no answer or a 5xx may hide a landed launch', () => {
    expect(isSettledFailure(new ApiError('The launch transaction expired before it landed', 400))).toBe(true);
    expect(isSettledFailure(new ApiError('Not found', 404))).toBe(true);
    expect(isSettledFailure(new ApiError('Failed to create token', 502, undefined, { refunded: true }))).toBe(false);
    expect(isSettledFailure(new ApiError('Connection failed', 0))).toBe(false);
    expect(isSettledFailure(new Error('Failed to fetch'))).toBe(false);
  });
});

describe('creation service messages', () => {
  const failure = async (overrides: Partial<DbcCreationDeps>) => {
    const err = await runDbcCreation(input, deps([], overrides)).then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as Error);
    return { message: err.message, description: creationFailedDescription(err) };
  };

  it("prepare: 'Failed to prepare token creation' with the service's reason", async () => {
    const out = await failure({ prepare: async () => { throw new ApiError('Too many launch requests: please wait a minute', 429); } });
    expect(out.message).toBe('Failed to prepare token creation: Too many launch requests: please wait a minute');
    expect(out.description).toBe(out.message);
  });

  it("create: 'Failed to create launch transaction' with the server's message and reason", async () => {
    const out = await failure({ build: async () => { throw new ApiError('Token metadata refused', 400, 'the name is too long'); } });
    expect(out.description).toBe('Failed to create launch transaction: Token metadata refused (the name is too long)');
  });

  it('a donation wallet the server would refuse stops the flow before anything is uploaded, prepared or signed, with the reason', async () => {
    const calls: string[] = [];
    const reason = 'This address is a token account, token mint or program, not a wallet: enter the wallet that should receive the donations';
    const err = await runDbcCreation(input, deps(calls, { donationWalletRefusal: async () => reason })).catch((e: unknown) => e);
    expect(creationFailedDescription(err)).toBe(reason);
    expect(calls).toEqual([]);
  });
});
