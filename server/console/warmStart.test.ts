import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded, lockFileChanged, lockFileHash } from '../../scripts/build-if-needed.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded, serverBuildStale } from '../../scripts/build-server.mjs';

const LOCK_FILE = path.resolve(import.meta.dirname, '../../package-lock.json');

// `npm install` rewrites package-lock.json with its content unchanged: a warm start must not rebuild for that.
it('a package-lock.json touched but not changed rebuilds neither the app nor the server; a changed one does', async () => {
  await buildAppIfNeeded({ quiet: true });
  await buildServerIfNeeded({ quiet: true });
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(LOCK_FILE, later, later);
  expect(serverBuildStale()).toBeNull();
  expect(await buildAppIfNeeded({ quiet: true })).toBe(false);
  // What decides is the content: a build that recorded another lock file is out of date.
  expect(lockFileChanged(0, lockFileHash())).toBe(false);
  expect(lockFileChanged(0, 'the hash of another lock file')).toBe(true);
}, 300_000);
