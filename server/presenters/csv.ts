import { stringify } from 'csv-stringify/sync';
import { lamportsToSolString } from '../../core/money';

/** A column's header, and for amounts how its bigint lamports are written (default: as lamports). */
export type CsvColumn = { header: string; amount?: 'lamports' | 'sol' };
/** Text (anything, including what people typed), or an amount in lamports. */
export type CsvCell = string | bigint | null;

/**
 * Every CSV the server sends goes through here, written by csv-stringify:
 * - RFC 4180: CRLF between records; a cell holding a comma, a quote, CR or LF is quoted
 *   and its quotes doubled, so nothing a campaign's name holds can split a row;
 * - formula-safe (`escape_formulas`): a text cell starting with =, +, -, @, a tab or CR (or
 *   their full-width forms) gets a leading ', so a spreadsheet shows it instead of running it;
 * - amounts stay numbers: they are passed as bigint lamports, which `escape_formulas`
 *   leaves alone even when negative, and the column writes them in lamports or as SOL.
 */
export function toCsv(columns: CsvColumn[], rows: CsvCell[][]): string {
  return stringify([columns.map((c) => c.header), ...rows], {
    record_delimiter: 'windows',
    // Given a record delimiter, csv-stringify would otherwise quote only cells holding CRLF
    // itself: a lone CR or LF must be quoted too.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { bigint: (lamports, { index }) => (columns[index]?.amount === 'sol' ? lamportsToSolString(lamports) : lamports.toString()) },
  });
}
