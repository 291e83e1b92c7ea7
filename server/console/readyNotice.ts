import { adminLoginUrl, firstAdminLines } from '../auth/admin/firstAdminNotice';
import { frame } from './frame';

export type ReadyNoticeInput = {
  publicUrl: string;
  /** false in the worker role: no HTTP server in this process. */
  serving: boolean;
  /** Only on the first start in local mode: the generated admin. */
  admin?: { username: string; password: string } | null;
  /** Local mode's first start: the demo campaigns are still being launched. */
  demoLaunching?: boolean;
};

/** The block printed once the server answers: where to go, and on the first start the admin password. */
export function readyNotice({ publicUrl, serving, admin, demoLaunching = false }: ReadyNoticeInput): string {
  const lines = serving
    ? ['Causemint is running.', '', `  Open:        ${publicUrl}`, `  Admin login: ${adminLoginUrl(publicUrl)}`]
    : ['Causemint worker is running (jobs only, no HTTP).', '', `  Admin login: ${adminLoginUrl(publicUrl)} (on a web process)`];
  if (demoLaunching) lines.push('', 'The demo campaigns are being launched on the local ledger:', 'they appear on the site within a minute or two.');
  if (admin) lines.push('', ...firstAdminLines(admin.username, admin.password));
  return frame(lines);
}
