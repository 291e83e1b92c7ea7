import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { E2E_ADMIN } from './globalSetup';
import { startServer, type StartedServer } from './server';

// A server of its own behind a pretend proxy (TRUST_PROXY=on trusts loopback, so the browser
// on this machine plays the proxy): each browser context says who it is with
// X-Forwarded-For, so the admin and a visitor are two addresses.
const ADMIN_IP = '192.0.2.10';
const VISITOR_IP = '203.0.113.50';
const RANGE = '203.0.113.0/24';

let server: StartedServer;
let browser: Browser;
let admin: Page;
let visitorContext: BrowserContext;

async function contextFrom(ip: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ TRUST_PROXY: 'true', ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password }),
    launchBrowser(),
  ]);
  const adminContext = await contextFrom(ADMIN_IP);
  // Consent already recorded (declined): no cookie banner, fixed at the bottom, over the audit log's last button.
  await adminContext.addCookies(['cookie-consent', 'user-preferences-functional'].map((name) => ({ name, value: 'false', url: server.url })));
  admin = await adminContext.newPage();
  visitorContext = await contextFrom(VISITOR_IP);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = () => admin.getByTestId('ip-block-row');

describe('admin Security tab', () => {
  it('signs in and opens the Security tab, which knows the admin address', async () => {
    await admin.goto(`${server.url}/xk9j2m4p/login`);
    await admin.getByLabel('Username').fill(E2E_ADMIN.username);
    await admin.getByLabel('Password').fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Login to Dashboard' }).click();
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await admin.getByRole('tab', { name: 'Security' }).click();
    await admin.getByTestId('ip-blocks-empty').waitFor();
    expect(await admin.getByTestId('your-ip').textContent()).toBe(ADMIN_IP);
  });

  it('refuses a malformed address in the form, and asks before blocking its own address', async () => {
    const input = admin.getByLabel('IP address or CIDR range');
    await input.fill('not-an-ip');
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    await admin.getByRole('alert').getByText('Enter an IP address (e.g. 203.0.113.7) or a CIDR range (e.g. 203.0.113.0/24)').waitFor();

    await input.fill('192.0.2.0/24');
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = admin.getByTestId('own-address-dialog');
    await dialog.getByText('includes your current address').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByTestId('ip-blocks-empty').waitFor();
  });

  it('blocks a range: listed with who and when, and the visitor gets the 403 page', async () => {
    const visitor = await visitorContext.newPage();
    const open = await visitor.goto(`${server.url}/how-it-works`);
    expect(open?.status()).toBe(200);

    await admin.getByLabel('IP address or CIDR range').fill(RANGE);
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    await rows().filter({ hasText: RANGE }).waitFor();
    expect(await rows().first().textContent()).toContain(`Blocked by ${E2E_ADMIN.username}`);

    const blocked = await visitor.goto(`${server.url}/how-it-works`);
    expect(blocked?.status()).toBe(403);
    await visitor.getByRole('heading', { name: 'Access blocked' }).waitFor();
    // From the refused page's own origin, the API answers the same with JSON.
    const api = await visitor.evaluate(async () => {
      const res = await fetch('/api/config');
      return { status: res.status, body: await res.json() as unknown };
    });
    expect(api).toEqual({ status: 403, body: { error: 'Access from your network has been blocked' } });
    // The admin, outside the range, is unaffected.
    expect((await admin.context().request.get(`${server.url}/api/config`)).status()).toBe(200);
    await visitor.close();
  });

  it('unblocks: the visitor is let in again, and the audit log shows both writes, filterable by action', async () => {
    await admin.getByRole('button', { name: `Unblock ${RANGE}` }).click();
    await admin.getByTestId('ip-blocks-empty').waitFor();

    const visitor = await visitorContext.newPage();
    const back = await visitor.goto(`${server.url}/how-it-works`);
    expect(back?.status()).toBe(200);
    await visitor.getByRole('heading', { name: 'From Meme to Movement' }).waitFor();
    await visitor.close();

    const log = admin.getByTestId('audit-log');
    await log.locator('[data-action="ip_unblocked"]').filter({ hasText: RANGE }).waitFor();
    await log.locator('[data-action="ip_blocked"]').filter({ hasText: RANGE }).waitFor();
    expect(await log.locator('[data-action="ip_blocked"]').first().textContent()).toContain(`by ${E2E_ADMIN.username} from ${ADMIN_IP}`);

    await admin.getByLabel('Action').selectOption('ip_unblocked');
    await expect.poll(() => admin.getByTestId('audit-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['ip_unblocked']);
    await admin.getByLabel('Admin').selectOption('system');
    await admin.getByTestId('audit-empty').waitFor();
  });

  it('pages to older audit entries, and follows another admin tab\'s writes live', async () => {
    await admin.getByLabel('Admin').selectOption('');
    await admin.getByLabel('Action').selectOption('');
    // Writes from elsewhere (this context's API calls, as a second tab would make them): 30 more rows.
    const request = admin.context().request;
    for (let i = 1; i <= 15; i += 1) {
      const made = await request.post(`${server.url}/api/admin/ip-blocks`, { data: { address: `198.51.100.${i}` }, headers: { origin: server.url } });
      expect(made.status()).toBe(201);
      const { id } = await made.json() as { id: number };
      expect((await request.delete(`${server.url}/api/admin/ip-blocks/${id}`, { headers: { origin: server.url } })).status()).toBe(200);
    }
    // The newest one arrives through the live event stream, without a reload.
    await admin.getByTestId('audit-row').first().filter({ hasText: '198.51.100.15' }).waitFor();
    expect(await admin.getByTestId('audit-row').count()).toBe(25);
    await admin.getByTestId('audit-older').click();
    await expect.poll(() => admin.getByTestId('audit-row').count()).toBeGreaterThan(25);
    const targets = await admin.getByTestId('audit-target').allTextContents();
    expect(new Set(targets.filter((t) => t.startsWith('198.51.100.'))).size).toBe(15);
  });
});
