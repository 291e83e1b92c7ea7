import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

const strictly = (csv: string) => parse(csv, { relax_quotes: false, relax_column_count: false, record_delimiter: '\r\n' }) as string[][];

describe('toCsv', () => {
  it('writes amounts as numbers, negative ones included, in lamports or SOL', () => {
    const csv = toCsv([{ header: 'note' }, { header: 'lamports', amount: 'lamports' }, { header: 'sol', amount: 'sol' }], [
      ['-1 SOL', -1_500_000_000n, -1_500_000_000n],
      [null, 0n, 1n],
    ]);
    expect(csv).toBe("note,lamports,sol\r\n'-1 SOL,-1500000000,-1.5\r\n,0,0.000000001\r\n");
  });

  it('quotes a lone CR or LF, quotes and commas, so a strict parser reads back what was written', () => {
    const texts = ['a\rb', 'a\nb', 'a\r\nb', 'say "hi"', 'one, two', 'x\r=1+1'];
    const csv = toCsv([{ header: 'text' }], texts.map((text) => [text]));
    expect(strictly(csv)).toEqual([['text'], ...texts.map((text) => [text])]);
  });
});
