import { ADMIN_PREFIX } from '../../../core/constants';

/** The admin login page's URL. */
export function adminLoginUrl(publicUrl: string): string {
  return `${publicUrl}${ADMIN_PREFIX}/login`;
}

/** What a newcomer needs about the local admin generated on the first start. */
export function firstAdminLines(username: string, password: string): string[] {
  return [
    'An admin account was created for this local installation.',
    `  Username: ${username}`,
    `  Password: ${password}`,
    'This password is shown only now. Keep it somewhere safe, or set',
    'ADMIN_USERNAME and ADMIN_PASSWORD to choose your own.',
  ];
}
