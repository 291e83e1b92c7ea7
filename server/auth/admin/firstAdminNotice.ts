import { ADMIN_PREFIX } from '../../../core/constants';

/** The framed console notice shown once, when the local admin is generated. */
export function firstAdminNotice(username: string, password: string, publicUrl: string): string {
  const lines = [
    'An admin account was created for this local installation.',
    '',
    `  Login:    ${publicUrl}${ADMIN_PREFIX}/login`,
    `  Username: ${username}`,
    `  Password: ${password}`,
    '',
    'This password is shown only now. Keep it somewhere safe, or set',
    'ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}
