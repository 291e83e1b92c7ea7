import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** The site configuration operators run (docs/DEPLOY.md). */
export const DEPLOY_NGINX_CONF = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');

export type NginxSite = {
  /** The site's address (`127.0.0.1:8080`); its PubSub port listens on the next port. */
  listen: { host: string; port: number };
  /** The web processes' HOST:PORT (their PubSub ports are the next ones). */
  upstreams: string[];
  /** The local address nginx connects to them from (TRUST_PROXY names it). */
  bind?: string;
  /** Upstreams marked `down`: out of rotation, as an operator takes one out before stopping it. */
  down?: string[];
};

/**
 * deploy/nginx.conf with this machine's addresses: its `listen` lines and the upstreams'
 * `server` lines replaced, nothing else touched, so the tests run the operators' file.
 * Throws when the file no longer has the lines this replaces.
 */
export function nginxSiteConfig({ listen, upstreams, bind, down = [] }: NginxSite, source = fs.readFileSync(DEPLOY_NGINX_CONF, 'utf8')): string {
  const marked = (address: string, shown = address) => (down.includes(address) ? `${shown} down` : shown);
  let site = replaceUpstream(source, 'causemint', upstreams.map((a) => marked(a)));
  site = replaceUpstream(site, 'causemint_curve', upstreams.map((a) => marked(a)));
  site = replaceUpstream(site, 'causemint_pubsub', upstreams.map((a) => marked(a, nextPort(a))));
  site = replaceExactlyOnce(site, /^([ \t]*)listen 80;$/m, `$1listen ${listen.host}:${listen.port};`);
  site = replaceExactlyOnce(site, /^([ \t]*)listen 81;$/m, `$1listen ${listen.host}:${listen.port + 1};`);
  // The address the web processes see us at.
  if (bind) site = site.replace(/^([ \t]*)(proxy_pass .*;)$/gm, `$1$2\n$1proxy_bind ${bind};`);
  return site;
}

/** `host:port` → `host:port+1` (the PubSub port). */
function nextPort(address: string): string {
  const match = /^(.*):(\d+)$/.exec(address);
  if (!match) throw new Error(`not HOST:PORT: ${address}`);
  return `${match[1]}:${Number(match[2]) + 1}`;
}

/** The upstream block's `server` lines become one per address, each keeping the first line's parameters. */
function replaceUpstream(config: string, name: string, addresses: string[]): string {
  const block = new RegExp(`^upstream ${name} \\{\\n([\\s\\S]*?)^\\}`, 'm');
  const match = block.exec(config);
  if (!match) throw new Error(`deploy/nginx.conf has no 'upstream ${name}' block`);
  const servers = /^([ \t]*)server \S+([^;\n]*);\n/gm;
  let replaced = false;
  const body = match[1]!.replace(servers, (_line, indent: string, parameters: string) => {
    if (replaced) return '';
    replaced = true;
    return addresses.map((address) => `${indent}server ${address}${parameters};\n`).join('');
  });
  if (!replaced) throw new Error(`deploy/nginx.conf: 'upstream ${name}' has no server line`);
  return config.slice(0, match.index) + `upstream ${name} {\n${body}}` + config.slice(match.index + match[0].length);
}

function replaceExactlyOnce(config: string, pattern: RegExp, replacement: string): string {
  const count = config.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
  if (count !== 1) throw new Error(`deploy/nginx.conf: expected one line matching ${pattern}, found ${count}`);
  return config.replace(pattern, replacement);
}

/**
 * A whole nginx.conf around the site that runs from `dir` (pid, logs, temp files there), in
 * the foreground, with a master process so that it reloads on SIGHUP as `nginx -s reload` does.
 */
export function nginxTestConfig(dir: string, site: string, workerProcesses: number | 'auto' = 1): string {
  return `daemon off;
worker_processes ${workerProcesses};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 512; }
http {
  access_log off;
  # Which web process served each answer, for the tests (deploy/nginx.conf never tells clients).
  add_header X-Causemint-Upstream $upstream_addr always;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site.replace(/^/gm, '  ')}
}
`;
}

export type StartedNginx = {
  url: string;
  port: number;
  /** Marks these upstreams `down` (none: every one back in rotation) and reloads, as an operator does around a restart. */
  drain: (down: string[]) => Promise<void>;
  stop: () => Promise<void>;
  /** The worker processes serving now (a bench counts their CPU). */
  workerPids: () => number[];
};

/**
 * Starts nginx on `port` (127.0.0.1; its PubSub port on port + 1, which must be free too)
 * in front of the given upstreams, with deploy/nginx.conf in a temp dir; `bind` is the
 * local address it connects to them from.
 */
export async function startNginx({ port, upstreams, bind, workerProcesses }: { port: number; upstreams: string[]; bind?: string; workerProcesses?: number | 'auto' }): Promise<StartedNginx> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`nginx not found at ${NGINX_BIN}: apt-get install nginx (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-nginx-'));
  // Its workers run as an unprivileged user when we are root: they must reach the temp dirs nginx makes for them here.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  const write = (down: string[]) => fs.writeFileSync(conf, nginxTestConfig(dir, nginxSiteConfig({ listen: { host: '127.0.0.1', port }, upstreams, bind, down }), workerProcesses));
  write([]);
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) {
        // Its workers would outlive a killed master.
        for (const pid of workerPids(child.pid!)) process.kill(pid, 'SIGKILL');
        child.kill('SIGKILL');
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const drain = async (down: string[]) => {
    const reloads = () => (fs.readFileSync(errorLog, 'utf8').match(/reconfiguring/g) ?? []).length;
    const before = reloads();
    write(down);
    child.kill('SIGHUP');
    // The master logs 'reconfiguring', then starts new workers with the new upstreams and lets the old ones finish.
    const deadline = Date.now() + 10_000;
    const started = () => { const log = fs.readFileSync(errorLog, 'utf8'); return log.slice(log.lastIndexOf('reconfiguring')).includes('start worker process'); };
    while (reloads() === before || !started()) {
      if (Date.now() > deadline) throw new Error(`nginx did not reload:\n${fs.readFileSync(errorLog, 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // The old workers finish the requests they hold and exit (a live stream keeps one until it ends: give up after 5 s).
    const patience = Date.now() + 5000;
    while (workerPids(child.pid!).length > 1 && Date.now() < patience) await new Promise((r) => setTimeout(r, 50));
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start:\n${output}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, drain, stop, workerPids: () => workerPids(child.pid!) };
}

/** The worker processes of an nginx master. */
function workerPids(master: number): number[] {
  const result = spawnSync('ps', ['-o', 'pid=', '--ppid', String(master)], { encoding: 'utf8' });
  return result.stdout.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
