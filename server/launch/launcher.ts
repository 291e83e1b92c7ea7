import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { lamportsToNumber } from '../../core/money';
import type { LaunchCampaign } from '../../core/schemas/creation';
import { launchRequests, type LaunchState } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { refreshPlatformStats } from '../commands/refreshPlatformStats';
import { donationWalletRefusal } from '../policies/donationWallet';
import type { LaunchRow } from '../commands/saveLaunchedCampaign';
import type { Services } from '../services';
import { KeyedMutex } from '../trading/mutex';
import { jobLockKey } from '../jobs/runner';
import { amountToFund, isFunded } from './amounts';
import { launchChain, type LaunchChain } from './chainOps';
import { LaunchFailure } from './errors';
import { launchFormOf } from './form';
import { createMint, initialBuy, refund, saveCampaign, seedCurve, sweepToTreasury, type StepContext } from './steps';

export const LAUNCH_MESSAGES = {
  notFunded: 'Funding wallet has not been funded yet',
  unknownRequest: 'Unknown request_id',
  notYours: 'developerWallet must be the signed-in wallet',
  failed: 'Failed to create token',
  tooManyOpen: 'Too many unfinished launch requests: fund or finish one, or wait an hour for them to expire',
  /** Spec 1 section 8: the token and its curve could not be made (the mint or curve step failed for good). */
  bondingToken: 'Failed to create bonding token',
} as const;

// The steps that make the bonding token: the mint and the seeded curve.
const BONDING_TOKEN_STATES: LaunchState[] = ['funded', 'mint_created'];

/**
 * Why a launch failed, when it is ours to say: a step's permanent failure (chain refusals,
 * metadata), never a passing problem's text (which may quote an RPC provider).
 */
export function publicLaunchReason(lastError: string | null): string | undefined {
  return lastError && /^(Failed to create bonding token|Initial buy failed|Token metadata refused)/.test(lastError) ? lastError : undefined;
}

/** Every launch request's own platform keys, named by its request id. */
const LAUNCH_KEY_ROLES = ['funding', 'distributor', 'pool', 'mint'] as const;

// A creator retrying a launch needs a few open requests; each holds four keys until it expires.
export const MAX_OPEN_PREPARED_PER_WALLET = 10;

/** States a restart picks up: funded and not finished. */
export const UNFINISHED_STATES: LaunchState[] = ['funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved', 'refunding'];

// Passing problems (an unknown send outcome, a busy pool) are retried this often per run;
// after that the request waits for the next create call or sweep.
const MAX_TRIES_PER_RUN = 3;
const RETRY_PAUSE_MS = 250;

/** The job (server/jobs/resumeLaunches.ts) whose advisory lock makes one process the launch runner. */
export const LAUNCH_JOB_NAME = 'launches';

/** A prepared request nobody called create for: whatever reached its funding wallet goes back after this long. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

// A process that is not the runner waits this long for the runner to finish a create.
const DELEGATE_WAIT_MS = 120_000;
const DELEGATE_POLL_MS = 250;

export type PrepareResult = {
  request_id: string;
  funding_wallet: string;
  distribution_wallet: string;
  distributor_wallet: string;
  /** SOL, as the spec reads it; the exact amount is amount_to_fund_lamports. */
  amount_to_fund: number;
  amount_to_fund_lamports: string;
  token_address: string;
  predicted_address: string;
  bonding_curve: string;
};

export type CreateResult = {
  mintAddress: string;
  txSignature: string;
  bondingCurve: string;
  pool: string;
  distributionWallet: string;
  requestId: string;
  campaignId: number;
  /** Base units the creator received from the initial buy (after the 6% fee), '0' without one. */
  initialBuyTokens: string;
};

const STEPS: Partial<Record<LaunchState, (ctx: StepContext) => Promise<unknown>>> = {
  funded: createMint,
  mint_created: seedCurve,
  curve_seeded: initialBuy,
  initial_buy_done: saveCampaign,
  campaign_saved: sweepToTreasury,
  refunding: refund,
};

const launchers = new WeakMap<Services, Launcher>();

/** The process's launcher for these services (one per process: it holds the per-request locks). */
export function launcherFor(services: Services): Launcher {
  let launcher = launchers.get(services);
  if (!launcher) {
    launcher = new Launcher(services);
    launchers.set(services, launcher);
  }
  return launcher;
}

/**
 * The creation flow as a state machine stored in launch_requests, one row per request_id:
 * prepared -> funded -> mint_created -> curve_seeded -> initial_buy_done -> campaign_saved
 * -> created, or refunding -> refunded when a step fails for good. A state is written
 * only after its step is done (on chain and in the database); steps/ redo nothing that
 * is already done, so any run (create, a second create, a restart) takes the request on
 * from where it is.
 */
export class Launcher {
  private readonly locks = new KeyedMutex();
  private readonly chain: LaunchChain;
  /** Requests this process is driving now (a sweep leaves them alone). */
  private readonly active = new Set<string>();
  private role: 'web' | 'worker' | 'all' = 'all';

  constructor(private readonly services: Services) {
    this.chain = launchChain(services.chain);
  }

  /** main.ts: a 'web' process never runs launches itself; it leaves them to the worker's job. */
  setRole(role: 'web' | 'worker' | 'all'): void {
    this.role = role;
  }

  /**
   * Whether this process runs launches: not a web-only process, and the holder of the
   * launch job's advisory lock (with PGlite, the only process; with PostgreSQL, one of them).
   */
  private async isRunner(): Promise<boolean> {
    return this.role !== 'web' && this.services.database.tryLock(jobLockKey(LAUNCH_JOB_NAME));
  }

  async prepare(creatorWallet: string, initialBuyLamports: bigint): Promise<PrepareResult> {
    const { keys, db } = this.services;
    const requestId = randomUUID();
    const open = await db.$count(launchRequests, and(eq(launchRequests.creatorWallet, creatorWallet), eq(launchRequests.state, 'prepared')));
    if (open >= MAX_OPEN_PREPARED_PER_WALLET) throw new HttpError(429, LAUNCH_MESSAGES.tooManyOpen);
    const [funding, distributor, pool, mint] = await Promise.all(LAUNCH_KEY_ROLES.map((role) => keys.getOrCreate(role, requestId)));
    const amount = amountToFund(initialBuyLamports);
    const row = {
      requestId, creatorWallet, state: 'prepared' as const, fundingWallet: funding!.publicKey.toBase58(),
      distributorWallet: distributor!.publicKey.toBase58(), poolWallet: pool!.publicKey.toBase58(), mint: mint!.publicKey.toBase58(),
      amountToFundLamports: amount, initialBuyLamports, createdAt: this.services.now(), updatedAt: this.services.now(),
    };
    await db.insert(launchRequests).values(row);
    return {
      request_id: requestId,
      funding_wallet: row.fundingWallet,
      distribution_wallet: row.distributorWallet,
      distributor_wallet: row.distributorWallet,
      amount_to_fund: lamportsToNumber(amount),
      amount_to_fund_lamports: amount.toString(),
      token_address: row.mint,
      predicted_address: row.mint,
      bonding_curve: row.poolWallet,
    };
  }

  /**
   * Waits for the funding (the spec's poll), records the form and runs the launch to its
   * end. Calling it again for the same request resumes or returns the finished launch.
   */
  async create(sessionWallet: string, requestId: string, campaign: LaunchCampaign & { ref?: string | null; official?: boolean }): Promise<CreateResult> {
    const row = await this.find(requestId);
    if (!row) throw notFound(LAUNCH_MESSAGES.unknownRequest);
    if (row.creatorWallet !== sessionWallet) throw forbidden(LAUNCH_MESSAGES.notYours);
    let finished = await this.locks.run(requestId, async () => {
      const current = (await this.find(requestId))!;
      if (current.state === 'prepared') {
        // The official token's donation wallet is the treasury by design; a campaign's may never be a platform address.
        const refusal = campaign.official ? null : await donationWalletRefusal(this.services, campaign.donationWallet);
        if (refusal) throw badRequest(refusal);
        await this.acceptFunding(current, campaign);
      }
      return await this.isRunner() ? this.drive(requestId) : this.waitForOutcome(requestId);
    });
    // A passing failure outlasted this run's retries: the launches job takes the request on
    // within seconds, so the creator hears its outcome rather than a failure that then succeeds.
    if (UNFINISHED_STATES.includes(finished.state)) finished = await this.waitForOutcome(requestId);
    if (finished.state === 'created' && (finished.campaignId !== null || finished.form?.official)) return resultOf(finished);
    const reason = publicLaunchReason(finished.lastError);
    if (finished.state === 'refunded') throw new HttpError(502, LAUNCH_MESSAGES.failed, { refunded: true, requestId, ...(reason ? { reason } : {}) });
    throw new HttpError(502, LAUNCH_MESSAGES.failed, { refunded: false, requestId, state: finished.state, ...(reason ? { reason } : {}) });
  }

  /**
   * The runner's job (at start-up and every few seconds): refunds abandoned prepared
   * requests, then runs every funded, unfinished request to its end.
   */
  async sweep(): Promise<{ requestId: string; state: LaunchState }[]> {
    if (!await this.isRunner()) return [];
    await this.abandonStale();
    const rows = await this.services.db.select({ requestId: launchRequests.requestId }).from(launchRequests)
      .where(and(inArray(launchRequests.state, UNFINISHED_STATES), eq(launchRequests.program, 'custodial')));
    const out: { requestId: string; state: LaunchState }[] = [];
    for (const { requestId } of rows) {
      if (this.active.has(requestId)) continue;
      try {
        const row = await this.locks.run(requestId, () => this.drive(requestId));
        out.push({ requestId, state: row.state });
      } catch (err) {
        this.services.log.error({ err, requestId }, 'launch: resume failed');
      }
    }
    if (out.length > 0) this.services.log.info({ resumed: out }, 'launch: resumed unfinished requests');
    return out;
  }

  /** Prepared long ago and never created: if SOL reached the funding wallet, it goes back (refunding). */
  private async abandonStale(): Promise<void> {
    const cutoff = new Date(this.services.now().getTime() - ABANDONED_AFTER_MS);
    const stale = await this.services.db.select().from(launchRequests)
      .where(and(eq(launchRequests.state, 'prepared'), eq(launchRequests.program, 'custodial'), lt(launchRequests.createdAt, cutoff)));
    for (const row of stale) {
      if (this.active.has(row.requestId)) continue;
      const balance = await this.chain.balance(row.fundingWallet);
      if (balance > 0n) {
        await this.services.db.update(launchRequests)
          .set({ state: 'refunding', lastError: 'Abandoned before create', updatedAt: this.services.now() })
          .where(and(eq(launchRequests.requestId, row.requestId), eq(launchRequests.state, 'prepared')));
      } else {
        await this.expireUnfunded(row.requestId);
      }
    }
  }

  /**
   * Never funded: nothing of anyone's is at stake, so the request and its four keys go
   * (a script that prepares without funding leaves nothing behind). One transaction, so a
   * key never outlives its request row or the other way round.
   */
  private async expireUnfunded(requestId: string): Promise<void> {
    await this.services.db.transaction(async (tx) => {
      const [gone] = await tx.delete(launchRequests)
        .where(and(eq(launchRequests.requestId, requestId), eq(launchRequests.state, 'prepared')))
        .returning({ requestId: launchRequests.requestId });
      if (gone) await this.services.keys.discard(requestId, LAUNCH_KEY_ROLES, tx);
    });
  }

  /** A process that is not the runner: the runner's job takes the funded request on; its outcome is read back. */
  private async waitForOutcome(requestId: string): Promise<LaunchRow> {
    const deadline = Date.now() + DELEGATE_WAIT_MS;
    for (;;) {
      const row = (await this.find(requestId))!;
      if (!UNFINISHED_STATES.includes(row.state) || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, DELEGATE_POLL_MS));
    }
  }

  private async find(requestId: string): Promise<LaunchRow | undefined> {
    const [row] = await this.services.db.select().from(launchRequests).where(eq(launchRequests.requestId, requestId));
    return row;
  }

  private async acceptFunding(row: LaunchRow, campaign: LaunchCampaign & { ref?: string | null; official?: boolean }): Promise<void> {
    const { env } = this.services;
    const required = amountToFund(campaign.initialBuy);
    let balance = 0n;
    for (let attempt = 0; attempt < env.LAUNCH_FUNDING_POLL_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, env.LAUNCH_FUNDING_POLL_MS));
      balance = await this.chain.balance(row.fundingWallet);
      if (isFunded(balance, required)) break;
    }
    if (!isFunded(balance, required)) throw badRequest(LAUNCH_MESSAGES.notFunded);
    const form = launchFormOf(campaign);
    await this.services.db.update(launchRequests).set({
      state: 'funded', form, initialBuyLamports: campaign.initialBuy, amountToFundLamports: required,
      curveType: campaign.bondingCurveType, fundedLamports: balance, updatedAt: this.services.now(),
    }).where(and(eq(launchRequests.requestId, row.requestId), eq(launchRequests.state, 'prepared')));
    this.reached('funded');
  }

  /** Takes the request from its stored state to created or refunded (or leaves it for a later run). */
  private async drive(requestId: string): Promise<LaunchRow> {
    this.active.add(requestId);
    try {
      return await this.driveSteps(requestId);
    } finally {
      this.active.delete(requestId);
    }
  }

  private async driveSteps(requestId: string): Promise<LaunchRow> {
    let tries = 0;
    for (;;) {
      const row = (await this.find(requestId))!;
      const step = STEPS[row.state];
      // Only a refund can run without the form (a request abandoned before create).
      if (!step || (!row.form && row.state !== 'refunding')) return row;
      const before = row.state;
      try {
        await step({ services: this.services, chain: this.chain, row, form: row.form });
      } catch (err) {
        const permanent = err instanceof LaunchFailure;
        const text = err instanceof Error ? err.message : String(err);
        const message = permanent && BONDING_TOKEN_STATES.includes(before) ? `${LAUNCH_MESSAGES.bondingToken}: ${text}` : text;
        this.services.log.warn({ err, requestId, state: before }, 'launch: step failed');
        await this.services.db.update(launchRequests).set({
          attempts: row.attempts + 1, lastError: message, updatedAt: this.services.now(),
          ...(permanent ? { state: before === 'refunding' ? 'failed' : 'refunding' } : {}),
        }).where(eq(launchRequests.requestId, requestId));
        if (permanent) {
          if (before !== 'refunding') this.reached('refunding');
          continue;
        }
        if (++tries >= MAX_TRIES_PER_RUN) return (await this.find(requestId))!;
        // A passing problem (a busy pool, an unknown outcome): give it a moment before looking again.
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * tries));
        continue;
      }
      const after = (await this.find(requestId))!;
      this.reached(after.state);
      // At the end rather than at campaign_saved, so a crash in between still refreshes them.
      if (after.state === 'created') await this.afterCreated(after);
    }
  }

  private async afterCreated(row: LaunchRow): Promise<void> {
    try {
      await refreshPlatformStats(this.services);
      await this.services.events.publish({ type: 'campaign_created', tokenAddress: row.mint, campaignId: row.campaignId });
    } catch (err) {
      this.services.log.warn({ err, requestId: row.requestId }, 'launch: stats refresh failed');
    }
  }

  /** The crash test's hook: the process dies right after this state is stored. */
  private reached(state: LaunchState): void {
    if (this.services.env.LAUNCH_CRASH_AFTER === state) process.kill(process.pid, 'SIGKILL');
  }
}

function resultOf(row: LaunchRow): CreateResult {
  return {
    mintAddress: row.mint,
    txSignature: row.mintSignature ?? '',
    bondingCurve: row.poolWallet,
    pool: row.poolWallet,
    distributionWallet: row.distributorWallet,
    requestId: row.requestId,
    // The official token has no campaign row (0).
    campaignId: row.campaignId ?? 0,
    initialBuyTokens: (row.buyTokens ?? 0n).toString(),
  };
}
