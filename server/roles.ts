import { buildServer } from './app';
import { closeServices, createServices } from './bootstrap';
import { EnvError, loadEnv } from './env';
import { jobsFor, startJobs, type JobRunner } from './jobs';
import { demoMarketPending } from './jobs/demoMarket';
import { readyNotice } from './console/readyNotice';
import { frame } from './console/frame';
import { firstAdminLines } from './auth/admin/firstAdminNotice';
import { buildLedgerServer } from './ledgerServer';
import type { Services } from './services';
import type { StartingPglite } from './db/pglite/start';

type Role = 'web' | 'worker' | 'all' | 'ledger';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'web' && role !== 'worker' && role !== 'all' && role !== 'ledger') {
    throw new EnvError(`Invalid --role "${role}": use web, worker, all or ledger`);
  }
  return role;
}

/** Starts this process's roles (server/main.ts); a failure to start prints its message and exits 1. */
export function main(options: { pglite?: StartingPglite } = {}): Promise<void> {
  return start(options).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

async function start({ pglite }: { pglite?: StartingPglite }): Promise<void> {
  let env;
  let role: Role;
  try {
    env = loadEnv();
    role = parseRole(process.argv.slice(2));
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      pglite?.releaseLock();
      process.exit(1);
    }
    throw err;
  }

  const started = Date.now();
  let admin: { username: string; password: string } | undefined;
  const services = await createServices(env, { pglite, onGeneratedAdmin: (generated) => { admin = generated; } });
  if (role === 'ledger') {
    await serveLedger(services, admin);
    return;
  }
  const app = await buildServer({ services });

  let runner: JobRunner | undefined;
  let jobsTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    services.log.info({ signal }, 'shutting down');
    clearTimeout(jobsTimer);
    await runner?.stop().catch(() => {});
    await app.close().catch(() => {});
    await closeServices(services).catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (role !== 'worker') {
    await app.listen({ host: env.HOST, port: env.PORT });
  }
  if (role !== 'web') {
    // Beside HTTP, the jobs start a moment after it answers: their first runs are a burst of
    // queries (all that is due at start), and the health check and the page a person opens from
    // the ready box should not queue behind it.
    const startTheJobs = () => { if (!closing) runner = startJobs(services, jobsFor(env)); };
    if (role === 'worker') startTheJobs();
    else jobsTimer = setTimeout(startTheJobs, env.JOBS_START_DELAY_MS);
  }
  // ms: since the server's code had loaded; sinceProcessStartMs: since the process started (what a person waits).
  services.log.info({
    role, url: env.publicUrl, ms: Date.now() - started, sinceProcessStartMs: Math.round(process.uptime() * 1000), localMode: env.localMode,
  }, 'Causemint ready');

  // As soon as the server answers: people open the URL when they see it. The demo's launches
  // log one summary line after it, so the box (and the first password) stays on screen.
  const demoLaunching = role !== 'web' && env.testNetwork && env.DEMO_CAMPAIGNS && await demoMarketPending(services);
  // Written to stdout directly, never through the logger: the password must not reach a log.
  process.stdout.write(`\n${readyNotice({ publicUrl: env.publicUrl, serving: role !== 'worker', admin, demoLaunching })}\n\n`);
  admin = undefined;
}

/** `--role=ledger`: the local ledger alone, as a validator serves it (server/ledgerServer.ts). */
async function serveLedger(services: Services, admin: { username: string; password: string } | undefined): Promise<void> {
  const { env } = services;
  const app = await buildLedgerServer(services);
  const stop = async () => {
    await app.close().catch(() => {});
    await closeServices(services).catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await app.listen({ host: env.HOST, port: env.PORT });
  services.log.info({ rpc: `http://${env.HOST}:${env.PORT}`, pubsub: `ws://${env.HOST}:${env.PORT + 1}` }, 'Causemint ledger ready');
  const lines = ['Causemint ledger is running.', '', `  JSON-RPC: http://${env.HOST}:${env.PORT}`, `  PubSub:   ws://${env.HOST}:${env.PORT + 1}`,
    '', 'Point web processes and workers at it: SOLANA_RPC_URL=<JSON-RPC> SOLANA_CLUSTER=localnet'];
  if (admin) lines.push('', ...firstAdminLines(admin.username, admin.password));
  process.stdout.write(`\n${frame(lines)}\n\n`);
}
