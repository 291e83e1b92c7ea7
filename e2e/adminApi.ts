import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './globalSetup';

/** Signs the e2e admin in through the login page, as an operator would; resolves on the dashboard. */
export async function signInAdminPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/xk9j2m4p/login`);
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

/** Logs the e2e admin in over HTTP and returns the session cookie as a `Cookie` header value. */
export async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error('admin login set no cookie');
  return cookies.join('; ');
}

export type MaintenanceBody = {
  maintenance_mode: boolean;
  maintenance_message?: string;
  schedule?: { enabled: boolean; startTime: string | null; endTime: string | null; message?: string };
};

export async function putMaintenance(baseUrl: string, cookie: string, body: MaintenanceBody): Promise<void> {
  const res = await fetch(`${baseUrl}/api/admin/maintenance`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT /api/admin/maintenance failed: ${res.status} ${await res.text()}`);
}

/** Maintenance off and no schedule: the state every test must leave behind (the server is shared). */
export async function resetMaintenance(baseUrl: string): Promise<void> {
  const cookie = await adminCookie(baseUrl);
  await putMaintenance(baseUrl, cookie, {
    maintenance_mode: false,
    maintenance_message: '',
    schedule: { enabled: false, startTime: null, endTime: null },
  });
}
