import { adminLoginUrl, firstAdminLines } from '../auth/admin/firstAdminNotice';
import { frame } from './frame';

export type ReadyNoticeInput = {
  publicUrl: string;
  /** false in the worker role: no HTTP server in this process. */
  serving: boolean;
  /** Only on the first start in local mode: the generated admin. */
  admin?: { username: string; password: string } | null;
};

/** The block printed last at start-up: where to go, and on the first start the admin password. */
export function readyNotice({ publicUrl, serving, admin }: ReadyNoticeInput): string {
  const lines = serving
    ? ['Causemint is running.', '', `  Open:        ${publicUrl}`, `  Admin login: ${adminLoginUrl(publicUrl)}`]
    : ['Causemint worker is running (jobs only, no HTTP).', '', `  Admin login: ${adminLoginUrl(publicUrl)} (on a web process)`];
  if (admin) lines.push('', ...firstAdminLines(admin.username, admin.password));
  return frame(lines);
}
