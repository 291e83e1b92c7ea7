import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * The site as an operator runs it in front of Causemint's web processes: the `upstream`
 * and `server` blocks for nginx's `http` context. The client address travels in
 * X-Forwarded-For with nginx's usual `$proxy_add_x_forwarded_for` (which appends to
 * whatever the client sent, so TRUST_PROXY must name this proxy), websockets are
 * upgraded, and live-update streams are not buffered.
 */
export function nginxSiteConfig({ listen, upstreams, bind }: { listen: string; upstreams: string[]; bind?: string }): string {
  return `map $http_upgrade $connection_upgrade {
  default upgrade;
  '' '';
}

upstream causemint {
${upstreams.map((u) => `  server ${u};`).join('\n')}
  keepalive 16;
}

server {
  listen ${listen};
  # Uploads go up to 50 MB (a campaign video).
  client_max_body_size 60m;

  location / {
    proxy_pass http://causemint;${bind ? `
    # The address the web processes see us at (TRUST_PROXY names it).
    proxy_bind ${bind};` : ''}
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    # /api/events (Server-Sent Events) and the PubSub websocket stay open for long.
    proxy_buffering off;
    proxy_read_timeout 1h;
  }
}
`;
}

/** A whole nginx.conf around the site that runs unprivileged from `dir` (pid, logs, temp files there). */
export function nginxTestConfig(dir: string, site: string): string {
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site.replace(/^/gm, '  ')}
}
`;
}

export type StartedNginx = { url: string; port: number; stop: () => Promise<void> };

/**
 * Starts nginx on `port` (127.0.0.1) in front of the given upstreams, with a generated
 * config in a temp dir; `bind` is the local address it connects to them from.
 */
export async function startNginx({ port, upstreams, bind }: { port: number; upstreams: string[]; bind?: string }): Promise<StartedNginx> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`nginx not found at ${NGINX_BIN}: apt-get install nginx (.ci/run does)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxTestConfig(dir, nginxSiteConfig({ listen: `127.0.0.1:${port}`, upstreams, bind })));
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start:\n${output}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
