// `npm run fleet`: Causemint as a fleet on this machine (a ledger process, FLEET_WEBS web
// processes behind nginx, FLEET_WORKERS workers) on the PostgreSQL database DATABASE_URL.
// docs/DEPLOY.md describes the same layout across machines.
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from './build-if-needed.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from './build-server.mjs';
import { frame } from '../server/console/frame';
import { startFleet } from '../server/fleet/startFleet';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run fleet runs on PostgreSQL: create a database (createdb causemint_fleet) and run\n'
    + '  DATABASE_URL=postgres://USER@localhost:5432/causemint_fleet npm run fleet');
  process.exit(1);
}
const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 16) {
    console.error(`${name} must be a whole number from 1 to 16`);
    process.exit(1);
  }
  return value;
};

await buildAppIfNeeded();
await buildServerIfNeeded();
const fleet = await startFleet({
  databaseUrl, built: true, webs: count('FLEET_WEBS', 2), workers: count('FLEET_WORKERS', 1),
  port: Number(process.env.FLEET_PORT ?? 8080), dataDir: process.env.DATA_DIR ?? '.data/fleet',
});
// The first start's generated admin is printed by whichever process made it: the ledger, which starts first.
const admin = fleet.ledger.output().split('\n').filter((line) => /Username:|Password:/.test(line)).map((line) => line.replace(/^\|\s*|\s*\|$/g, ''));
process.stdout.write(`\n${frame([
  'Causemint fleet is running.', '',
  `  Open:     ${fleet.url}`,
  `  Ledger:   ${fleet.ledger.url} (JSON-RPC), PubSub on the next port`,
  `  Web:      ${fleet.webs.map((w) => w.url).join(', ')}`,
  `  Workers:  ${fleet.workers.length}`,
  ...(admin.length ? ['', '  The first admin (shown only now):', ...admin.map((line) => `  ${line}`)] : []),
  '', 'Ctrl-C stops every process.',
])}\n\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const proc of [fleet.ledger, ...fleet.webs, ...fleet.workers]) {
  proc.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${proc.name} exited (${code ?? signal}); its output:\n${proc.output().slice(-4000)}`);
  });
}
