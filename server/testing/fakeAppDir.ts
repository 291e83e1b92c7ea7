import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A stand-in for dist/app: the shell, a script and its source map. */
export function fakeAppDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-app-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
  fs.writeFileSync(path.join(dir, 'assets/app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return dir;
}
