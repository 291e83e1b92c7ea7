import fs from 'node:fs';
import { startFleet } from './server/fleet/startFleet';
const before = new Set(fs.readdirSync('/tmp').filter((f) => f.startsWith('causemint-nginx-')));
const fleet = await startFleet({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/causemint_fleet_doccheck', dataDir: '.data/fleet', built: true, webs: 2, workers: 1, env: { RPC_RATE_LIMIT: '1000000', DEMO_ACTIVITY: 'off' } });
const dir = fs.readdirSync('/tmp').filter((f) => f.startsWith('causemint-nginx-') && !before.has(f))[0];
let stop = false; const failures: string[] = []; let ok = 0; const t0 = Date.now();
async function loop(kind: number) {
  while (!stop) {
    try {
      const res = kind === 0 ? await fetch(`${fleet.url}/api/campaigns?limit=8`) : kind === 1
        ? await fetch(`${fleet.url}/api/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }) })
        : await fetch(`${fleet.url}/`);
      await res.arrayBuffer();
      if (res.ok) ok++; else failures.push(`${Date.now() - t0} ${kind} ${res.status}`);
    } catch (err) { failures.push(`${Date.now() - t0} ${kind} ${(err as Error).message}`); }
  }
}
const loops = [0, 1, 2, 0, 1, 2].map(loop);
await new Promise((r) => setTimeout(r, 2000));
for (const web of fleet.webs) {
  const address = `127.0.0.1:${web.port}`;
  let t = Date.now(); await fleet.nginx.drain([address]); console.log(web.name, 'drained in', Date.now() - t);
  await new Promise((r) => setTimeout(r, Number(process.env.WAIT ?? 0)));
  t = Date.now(); await web.restart(); console.log(web.name, 'restarted in', Date.now() - t, 'ms');
  t = Date.now(); await fleet.nginx.drain([]); console.log('undrained in', Date.now() - t);
}
await new Promise((r) => setTimeout(r, 1000));
stop = true; await Promise.all(loops);
console.log({ ok, failures: failures.length, first: failures.slice(0, 5), last: failures.slice(-5) });
console.log(fs.readFileSync(`/tmp/${dir}/error.log`, 'utf8').split('\n').filter((l) => /\[(error|warn)\]/.test(l)).join('\n'));
await fleet.stop();
