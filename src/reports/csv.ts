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

/**
 * One field as RFC 4180 writes it: as it is, or, when it holds a comma, a double quote, a carriage
 * return or a line feed, between double quotes with each double quote doubled.
 */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text: a header row, then one line per row ending in a line feed, columns in the table's order (RFC 4180 quoting). */
export function toCsv(table: CsvTable): string {
  const lines = [table.columns, ...table.rows.map((r) => table.columns.map((c) => cell(r[c] ?? null)))];
  return lines.map((fields) => fields.map(csvField).join(',') + '\n').join('');
}
