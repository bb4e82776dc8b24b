import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | null;
export type CsvRow = Record<string, CsvValue>;

/** One CSV file of a report: a fixed list of columns (csvColumns.ts documents each) and one row per value. */
export interface CsvTable {
  /** File stem: `<name>.csv`. */
  name: string;
  columns: string[];
  rows: CsvRow[];
}


function cell(v: CsvValue): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v > 0 ? 'Infinity' : v < 0 ? '-Infinity' : 'NaN';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return v;
}

/** The CSV text: a header row, then one line per row, columns in the table's order (RFC 4180 quoting). */
export function toCsv(table: CsvTable): string {
  const records = table.rows.map((r) => table.columns.map((c) => cell(r[c] ?? null)));
  return stringify([table.columns, ...records], { record_delimiter: 'unix' });
}
