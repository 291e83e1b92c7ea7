import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../scripts/build-if-needed.mjs';
import { startServer } from './server';

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-123' };

// One server for the browser suite (files run one after another).
export default async function setup(project: TestProject) {
  buildAppIfNeeded();
  const server = await startServer({ ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password });
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
