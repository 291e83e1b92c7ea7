import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAPPER = path.resolve(import.meta.dirname, '../../scripts/stack-source-maps.mjs');

// What `npm start` (scripts/start.mjs) installs before it loads the built server, checked in a
// node process of its own, as the server runs: the bundle imported by Node, not by the test runner.
describe('stack traces of the built server', () => {
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-stack-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/thing.ts'), [
      'type Input = { a: number };',
      '',
      'export class Thing {',
      '  run(input: Input): number {',
      '    if (input.a > 0) throw new Error(`boom ${input.a}`);',
      '    return input.a;',
      '  }',
      '}',
      '',
      'export async function go(): Promise<number> {',
      '  await Promise.resolve();',
      '  return new Thing().run({ a: 1 });',
      '}',
      '',
    ].join('\n'));
    // As scripts/build-server.mjs builds: ESM, linked maps without sources, names kept.
    await build({
      entryPoints: [path.join(dir, 'src/thing.ts')], outdir: path.join(dir, 'out'), bundle: true, format: 'esm', platform: 'node',
      sourcemap: 'linked', sourcesContent: false, keepNames: true, outExtension: { '.js': '.mjs' }, logLevel: 'silent',
    });
  });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

  const stacks = (): string[] => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', `
    const { mapStackTraces } = await import(${JSON.stringify(MAPPER)});
    mapStackTraces(${JSON.stringify(path.join(dir, 'out'))});
    const { go } = await import(${JSON.stringify(path.join(dir, 'out/thing.mjs'))});
    const thrown = await go().then(() => null, (err) => err);
    let nodeError;
    try { Buffer.alloc(-1); } catch (err) { nodeError = err; }
    console.log(JSON.stringify([thrown.stack, new TypeError('plain').stack, nodeError.stack]));
  `], { encoding: 'utf8' })) as string[];

  it('name the TypeScript source lines of the bundle\'s frames, leave the others, and write first lines as Node does', () => {
    const [thrown, plain, nodeError] = stacks().map((stack) => stack.split('\n'));
    expect(thrown[0]).toBe('Error: boom 1');
    expect(thrown[1]).toBe(`    at Thing.run (${path.join(dir, 'src/thing.ts')}:5:28)`);
    expect(thrown[2]).toBe(`    at go (${path.join(dir, 'src/thing.ts')}:12:22)`);
    expect(plain[0]).toBe('TypeError: plain');
    expect(plain[1]).toMatch(/^ {4}at .*\[eval1\]:\d+:\d+/);
    expect(nodeError[0]).toMatch(/^RangeError \[ERR_OUT_OF_RANGE\]: The value of "size" is out of range/);
  });
});
