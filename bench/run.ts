import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// `npm run bench`: every bench/*.bench.ts in turn (each prints its own table), then a summary.
// `npm run bench -- ledger` runs only the files whose name contains "ledger".
const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
const summary: { file: string; rows: number; targetsMet: string }[] = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const mod = await import(pathToFileURL(path.join(dir, file)).href) as { default: () => Promise<{ ok: boolean }[]> };
  const rows = await mod.default();
  summary.push({ file, rows: rows.length, targetsMet: `${rows.filter((r) => r.ok).length}/${rows.length}` });
}
console.log('\n== summary');
console.table(summary);
