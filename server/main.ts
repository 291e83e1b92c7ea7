import { buildServer } from './app';
import { closeServices, createServices } from './bootstrap';
import { EnvError, loadEnv } from './env';
import { launcherFor } from './launch';
import { jobsFor, startJobs, type JobRunner } from './jobs';

type Role = 'web' | 'worker' | 'all';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'web' && role !== 'worker' && role !== 'all') {
    throw new EnvError(`Invalid --role "${role}": use web, worker or all`);
  }
  return role;
}

async function main(): Promise<void> {
  let env;
  let role: Role;
  try {
    env = loadEnv();
    role = parseRole(process.argv.slice(2));
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const started = Date.now();
  const services = await createServices(env);
  const app = await buildServer({ services });
  // Launches run in the worker (its 'launches' job resumes interrupted ones); a web process hands them over.
  launcherFor(services).setRole(role);

  let runner: JobRunner | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    services.log.info({ signal }, 'shutting down');
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
  if (role !== 'web') runner = startJobs(services, jobsFor(env));
  services.log.info({ role, url: env.publicUrl, ms: Date.now() - started, localMode: env.localMode }, 'Causemint ready');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
