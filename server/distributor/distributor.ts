import { randomUUID } from 'node:crypto';
import type { Keypair } from '@solana/web3.js';
import { asc, ne } from 'drizzle-orm';
import { formatSol } from '../../core/money';
import { distributionRuns, type DistributionState } from '../db/schema';
import { jobLockKey } from '../jobs/runner';
import { launchChain, type LaunchChain } from '../chain/chainOps';
import type { Services } from '../services';
import { findRun, updateRun, type RunRow, type StepContext } from './journal';
import { claim } from './steps/claim';
import { scanDbcCandidates } from './dbcCandidates';
import { insertPartnerClaimRuns, scanPartnerCandidates } from './partnerCandidates';
import { partnerClaim } from './steps/partnerClaim';
import { officialCandidate, officialMintToScan } from './official/candidate';
import { burn, payCharityAndPlatform, payHolders } from './official/steps';
import { buybackOnPool, claimToDistributor } from './official/dbcSteps';

/** The job (server/jobs/distributor.ts) whose advisory lock makes one process the distributor. */
export const DISTRIBUTOR_JOB_NAME = 'distributor';
export const OFFICIAL_DISTRIBUTION_EVENT = 'official_distribution';

// Runs of different campaigns touch different mints, pools and distributor wallets: several
// at once fill the ledger's group commits (fewer database transactions per ledger
// transaction) without contending; measured with npm run bench -- distributor.
const CONCURRENT_RUNS = 8;
// Rows per insert of new runs (ten parameters a row, far below PostgreSQL's 65,535).
const INSERT_CHUNK = 500;

/** Each step stores its state last and answers the row as it left it. */
type Steps = Partial<Record<Exclude<DistributionState, 'paid'>, (ctx: StepContext) => Promise<RunRow>>>;

/** A campaign on its own DBC pool: one claim, straight to the donation wallet (issue 36). */
const DBC_STEPS: Steps = { started: claim };

/** The platform's share of a campaign's DBC pool fee: one claim by the partner key, straight to the treasury. */
const PARTNER_STEPS: Steps = { started: partnerClaim };

/** The official token on its own DBC pool: its accrued fee claimed (not sold), then the same tokenomics, the buyback a swap. */
const OFFICIAL_DBC_STEPS: Steps = {
  started: claimToDistributor,
  sold: payHolders,
  holders_paid: buybackOnPool,
  bought_back: burn,
  burned: payCharityAndPlatform,
};

export type DistributionSummary = {
  /** False when another process holds the distributor's lock (it is running there). */
  ran: boolean;
  resumed: number;
  started: number;
  paid: number;
  unfinished: number;
  belowFloor: number;
  donatedLamports: bigint;
  platformFeeLamports: bigint;
};

const distributors = new WeakMap<Services, Distributor>();

/** The process's distributor for these services (one per process: one run at a time). */
export function distributorFor(services: Services): Distributor {
  let distributor = distributors.get(services);
  if (!distributor) {
    distributor = new Distributor(services);
    distributors.set(services, distributor);
  }
  return distributor;
}

/**
 * The fee claimer: for each campaign whose DBC or DAMM v2 pool has accrued at least the floor,
 * one journaled run (distribution_runs) that claims the cause's share straight to its donation
 * wallet, and one that claims the platform's share to the treasury; the official token's run
 * goes on to its tokenomics. A state is stored only once its step is done; the steps (steps/)
 * journal every transaction before sending it and look at what already landed, so a run
 * interrupted anywhere is taken on by the next run of the job and pays exactly once.
 */
export class Distributor {
  private readonly chain: LaunchChain;
  private inFlight: Promise<DistributionSummary> | null = null;

  constructor(private readonly services: Services) {
    this.chain = launchChain(services.chain);
  }

  /** One pass over every campaign; a call while one is in flight joins it. */
  run(): Promise<DistributionSummary> {
    this.inFlight ??= this.runOnce().finally(() => { this.inFlight = null; });
    return this.inFlight;
  }

  private async runOnce(): Promise<DistributionSummary> {
    const { services } = this;
    const summary: DistributionSummary = {
      ran: false, resumed: 0, started: 0, paid: 0, unfinished: 0, belowFloor: 0, donatedLamports: 0n, platformFeeLamports: 0n,
    };
    if (!await services.database.tryLock(jobLockKey(DISTRIBUTOR_JOB_NAME))) return summary;
    summary.ran = true;
    const open = await services.db.select({ id: distributionRuns.id, mint: distributionRuns.mint }).from(distributionRuns)
      .where(ne(distributionRuns.state, 'paid')).orderBy(asc(distributionRuns.createdAt));
    summary.resumed = open.length;
    const official = await officialMintToScan(services);
    const treasury = (await services.keys.treasury()).publicKey.toBase58();
    // A few statements for all new runs: the unique index on open runs skips a campaign another pass just started.
    const fresh: { id: string; mint: string }[] = [];
    const dbc = await scanDbcCandidates(services, services.env.DISTRIBUTOR_MIN_PAYOUT_LAMPORTS);
    summary.belowFloor = dbc.belowFloor.length;
    for (let i = 0; i < dbc.due.length; i += INSERT_CHUNK) {
      fresh.push(...await services.db.insert(distributionRuns).values(dbc.due.slice(i, i + INSERT_CHUNK).map((c) => ({
        id: randomUUID(), kind: 'dbc_claim' as const, campaignId: c.campaignId, mint: c.mint, distributorWallet: c.distributorWallet,
        donationWallet: c.donationWallet, treasuryWallet: treasury, estimatedDonationLamports: c.estimatedDonation, createdAt: services.now(), updatedAt: services.now(),
      }))).onConflictDoNothing().returning({ id: distributionRuns.id, mint: distributionRuns.mint }));
    }
    // -- The platform's share of the DBC pools' fees (partnerCandidates.ts, steps/partnerClaim.ts): its own runs, beside the cause's.
    const partner = await scanPartnerCandidates(services, services.env.DISTRIBUTOR_MIN_PAYOUT_LAMPORTS);
    summary.belowFloor += partner.belowFloor.length;
    fresh.push(...await insertPartnerClaimRuns(services, partner.due, treasury));
    // -- end of the platform's share.
    const officialDue = official && await officialCandidate(services, official);
    if (officialDue) {
      fresh.push(...await services.db.insert(distributionRuns).values({
        id: randomUUID(), kind: 'official', campaignId: null, mint: officialDue.mint, distributorWallet: officialDue.distributorWallet,
        donationWallet: '', treasuryWallet: treasury, estimatedDonationLamports: 0n, carriedInLamports: officialDue.carriedIn,
        charityCarriedInLamports: officialDue.charityCarriedIn, createdAt: services.now(), updatedAt: services.now(),
      }).onConflictDoNothing().returning({ id: distributionRuns.id, mint: distributionRuns.mint }));
    }
    if (fresh.length > 0) this.reached('started');
    summary.started = fresh.length;
    const queue = [...open, ...fresh];
    let officialPaid = false;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const row = await this.drive(next.id);
        if (row.state !== 'paid') {
          summary.unfinished++;
          continue;
        }
        summary.paid++;
        if (row.kind === 'official') officialPaid = true;
        summary.donatedLamports += row.donationLamports ?? 0n;
        summary.platformFeeLamports += row.platformFeeLamports ?? 0n;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_RUNS }, worker));
    // The official token page shows what its tokenomics paid: it refreshes on this.
    if (officialPaid) await services.events.publish({ type: OFFICIAL_DISTRIBUTION_EVENT }).catch((err: unknown) => services.log.warn({ err }, 'distributor: event failed'));
    if (summary.started + summary.resumed > 0) {
      // Read by people: plain words and SOL to 4 decimals (the fields keep every lamport for JSON logs).
      const { donatedLamports, platformFeeLamports, ...counts } = summary;
      const unfinished = counts.unfinished > 0 ? `; ${counts.unfinished} unfinished, retried next run` : '';
      services.log.info(
        { ...counts, donatedSol: formatSol(donatedLamports), platformFeeSol: formatSol(platformFeeLamports) },
        `distributor: run finished: ${counts.paid} paid, ${formatSol(donatedLamports, 4)} SOL to the causes and ${formatSol(platformFeeLamports, 4)} SOL to the platform${unfinished}`,
      );
    }
    return summary;
  }

  /**
   * Takes one run from its stored state to paid, or leaves it (with its error) for the next run.
   */
  private async drive(id: string): Promise<RunRow> {
    const { services } = this;
    let run = (await findRun(services, id))!;
    let keys: { treasury: Keypair; distributor: Keypair } | undefined;
    while (run.state !== 'paid') {
      try {
        keys ??= { treasury: await services.keys.treasury(), distributor: await services.keys.load(run.distributorWallet) };
        const step = (run.kind === 'official' ? OFFICIAL_DBC_STEPS : run.kind === 'partner_claim' ? PARTNER_STEPS : DBC_STEPS)[run.state];
        if (!step) throw new Error(`No ${run.kind} step from state ${run.state}`);
        run = await step({ services, chain: this.chain, run, ...keys });
      } catch (err) {
        services.log.warn({ err, runId: id, campaignId: run.campaignId, state: run.state }, 'distributor: step failed');
        await updateRun(services, id, { attempts: run.attempts + 1, lastError: err instanceof Error ? err.message : String(err) });
        return (await findRun(services, id))!;
      }
      this.reached(run.state);
    }
    return run;
  }

  /** The crash test's hook: the process dies right after this state is stored. */
  private reached(state: DistributionState): void {
    if (this.services.env.DISTRIBUTOR_CRASH_AFTER === state) process.kill(process.pid, 'SIGKILL');
  }
}
