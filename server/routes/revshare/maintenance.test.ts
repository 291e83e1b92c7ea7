import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { launchRequests, siteSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { signInWallet } from '../../testing/wallet';

describe('launches during site maintenance', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t?.close(); });

  const maintenance = (on: boolean) => t.services.db.update(siteSettings).set({ maintenanceMode: on }).where(eq(siteSettings.id, 1));

  it('refuses to prepare a new launch with Under Maintenance (503), and prepares again once it is off', async () => {
    const user = await signInWallet(t.app);
    await maintenance(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare?initialBuy=0.1', headers: { cookie: user.cookie } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'Under Maintenance' });
    expect(await t.services.db.select().from(launchRequests)).toHaveLength(0);

    await maintenance(false);
    const ok = await t.app.inject({ method: 'GET', url: '/api/revshare/prepare?initialBuy=0.1', headers: { cookie: user.cookie } });
    expect(ok.statusCode).toBe(200);
    expect(await t.services.db.select().from(launchRequests)).toHaveLength(1);
  });
});
