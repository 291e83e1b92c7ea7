/** Lines in an ASCII box: stands out among log lines, and survives any terminal or log viewer. */
export function frame(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = `+${'-'.repeat(width + 2)}+`;
  return [bar, ...lines.map((l) => `| ${l.padEnd(width)} |`), bar].join('\n');
}
