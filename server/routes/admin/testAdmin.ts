import type { FastifyInstance } from 'fastify';

/** Test helper: env for createTestApp that configures a known admin, and a login that returns its cookie. */
export const TEST_ADMIN = { username: 'boss', password: 'correct-horse-battery' } as const;
export const TEST_ADMIN_ENV = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };

export async function loginTestAdmin(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'cm_admin');
  if (!cookie) throw new Error('admin login set no cookie');
  return `cm_admin=${cookie.value}`;
}
