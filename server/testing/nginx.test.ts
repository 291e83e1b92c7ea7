import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPLOY_NGINX_CONF, NGINX_BIN, nginxSiteConfig, nginxTestConfig } from './nginx';

// deploy/nginx.conf is what operators install; the tests run it through nginxSiteConfig,
// which may change only addresses. These keep the two from drifting apart.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-nginx-conf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `nginx -t` on a whole configuration: its output and whether it passed. */
function nginxCheck(name: string, config: string): { ok: boolean; output: string } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, config);
  const result = spawnSync(NGINX_BIN, ['-t', '-p', dir, '-c', file, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const deployed = fs.readFileSync(DEPLOY_NGINX_CONF, 'utf8');
const addressLine = /^\s*(listen \S+;|server \S+:\d+[^;]*;)$/;

describe('deploy/nginx.conf', () => {
  it("is accepted by Debian's nginx as installed: conf.d/causemint.conf inside Debian's own nginx.conf", () => {
    // Debian's nginx.conf with its conf.d include pointing at our file (and its default site left out, as DEPLOY.md says).
    const debian = fs.existsSync('/etc/nginx/nginx.conf')
      ? fs.readFileSync('/etc/nginx/nginx.conf', 'utf8')
      : 'events {}\nhttp {\n  include /etc/nginx/conf.d/*.conf;\n}\n';
    const config = debian
      .replace(/^\s*include \/etc\/nginx\/conf\.d\/\*\.conf;$/m, `include ${DEPLOY_NGINX_CONF};`)
      .replace(/^\s*include \/etc\/nginx\/sites-enabled\/\*;$/m, '')
      .replace(/^\s*(user|pid|error_log) [^;]*;$/gm, '')
      .replace(/^\s*include \/etc\/nginx\/modules-enabled\/\*\.conf;$/m, '')
      .replace(/^/, `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n`)
      .replace(/^\s*access_log [^;]*;$/m, 'access_log off;');
    expect(config).toContain(`include ${DEPLOY_NGINX_CONF};`);
    const check = nginxCheck('debian.conf', config);
    expect(check.ok, check.output).toBe(true);
  });

  it('is what the tests run, with only the addresses changed', () => {
    const site = nginxSiteConfig({ listen: { host: '127.0.0.1', port: 18080 }, upstreams: ['127.0.0.1:18787', '127.0.0.1:18797', '127.0.0.1:18807'] });
    const others = (text: string) => text.split('\n').filter((line) => !addressLine.test(line));
    expect(others(site)).toEqual(others(deployed));
    const addresses = site.split('\n').filter((line) => addressLine.test(line)).map((line) => line.trim());
    expect(addresses).toEqual([
      'server 127.0.0.1:18787 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18797 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18807 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18787 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18797 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18807 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18788 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18798 max_fails=1 fail_timeout=5s;',
      'server 127.0.0.1:18808 max_fails=1 fail_timeout=5s;',
      'listen 127.0.0.1:18080;',
      'listen 127.0.0.1:18081;',
    ]);
    const check = nginxCheck('test.conf', nginxTestConfig(dir, site));
    expect(check.ok, check.output).toBe(true);
  });

  it('refuses to guess when the file lost a line it replaces', () => {
    const options = { listen: { host: '127.0.0.1', port: 18080 }, upstreams: ['127.0.0.1:18787'] };
    expect(() => nginxSiteConfig(options, deployed.replace(/^upstream causemint_pubsub \{[\s\S]*?^\}\n/m, ''))).toThrow("no 'upstream causemint_pubsub' block");
    expect(() => nginxSiteConfig(options, deployed.replace(/^upstream causemint_curve \{[\s\S]*?^\}\n/m, ''))).toThrow("no 'upstream causemint_curve' block");
    expect(() => nginxSiteConfig(options, deployed.replace('listen 81;', 'listen 8081;'))).toThrow('expected one line matching');
  });
});
