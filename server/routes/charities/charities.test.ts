import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedCharities } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';

describe('GET /api/charities', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('lists the active charities in display order, snake case like the table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/charities' });
    expect(res.statusCode).toBe(200);
    const { charities } = res.json();
    const all = await t.services.db.select().from(verifiedCharities);
    expect(charities).toHaveLength(all.filter((c) => c.isActive).length);
    expect(charities.every((c: { is_active: boolean }) => c.is_active)).toBe(true);
    const orders = charities.map((c: { display_order: number }) => c.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(Object.keys(charities[0]).sort()).toEqual(
      ['category', 'description', 'display_order', 'id', 'is_active', 'is_sample', 'logo', 'name', 'website', 'website_url', 'wallet_address'].sort());
  });

  it('follows changes to display order and the active flag', async () => {
    const [a, b] = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    await t.services.db.update(verifiedCharities).set({ displayOrder: 1000 }).where(eq(verifiedCharities.id, a.id));
    await t.services.db.update(verifiedCharities).set({ isActive: false }).where(eq(verifiedCharities.id, b.id));
    const after = (await t.app.inject({ method: 'GET', url: '/api/charities' })).json().charities;
    expect(after.at(-1).id).toBe(a.id);
    expect(after.map((c: { id: number }) => c.id)).not.toContain(b.id);
  });
});
