import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv, type CsvTable } from '../../src/reports/csv.js';
import { checkDocumentedColumns, COLUMNS } from '../../src/reports/csvColumns.js';
import { sampleReport } from './sampleReport.js';

/** A strict RFC 4180 reader, independent of the writer: fields, quotes, doubled quotes, line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c; i++; continue;
    }
    if (c === '"' && field === '') { quoted = true; i++; continue; }
    if (c === ',') { row.push(field); field = ''; i++; continue; }
    if (c === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; continue; }
    field += c; i++;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

describe('CSV', () => {
  it('quotes a field as RFC 4180 does: only with a comma, a double quote or a line break, quotes doubled', () => {
    expect(csvField('Tactical detachment')).toBe('Tactical detachment');
    expect(csvField('')).toBe('');
    expect(csvField(' lead, trail ')).toBe('" lead, trail "');
    expect(csvField('the "Big" one')).toBe('"the ""Big"" one"');
    expect(csvField('"')).toBe('""""');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
    expect(csvField('one\rtwo')).toBe('"one\rtwo"');
    expect(csvField('=1+2;#\t')).toBe('=1+2;#\t');
    expect(toCsv({ name: 't', columns: ['a', 'b'], rows: [{ a: 'x,y', b: 2 }, { a: null, b: true }] })).toBe('a,b\n"x,y",2\n,true\n');
  });

  it('round-trips awkward text, numbers, booleans, empty and unbounded values', () => {
    const table: CsvTable = {
      name: 't',
      columns: ['formation', 'measure', 'value', 'ci95_low', 'ci95_high', 'end_of_turn', 'note'],
      rows: [
        { formation: 'Ghazghkull Mag Uruk Thraka\'s "Big" Warband, 10 units', measure: 'p_broken', value: 0.123456789012345, ci95_low: 1e-7, ci95_high: Infinity, end_of_turn: true, note: 'line one\nline two' },
        { formation: 'Été – naïve ✓', measure: 'points_lost_mean', value: -0, ci95_low: null, ci95_high: 3, end_of_turn: false, note: null },
      ],
    };
    const parsed = parseCsv(toCsv(table));
    expect(parsed[0]).toEqual(table.columns);
    expect(parsed).toHaveLength(3);
    const back = parsed.slice(1).map((r) => Object.fromEntries(table.columns.map((c, i) => [c, r[i]!])));
    expect(back[0]!.formation).toBe(table.rows[0]!.formation);
    expect(back[0]!.note).toBe('line one\nline two');
    expect(Number(back[0]!.value)).toBe(0.123456789012345);
    expect(Number(back[0]!.ci95_low)).toBe(1e-7);
    expect(Number(back[0]!.ci95_high)).toBe(Infinity);
    expect(back[0]!.end_of_turn).toBe('true');
    expect(back[1]!.formation).toBe('Été – naïve ✓');
    expect(back[1]!.ci95_low).toBe('');
    expect(Number(back[1]!.ci95_high)).toBe(3);
  });

  it('refuses an undocumented column', () => {
    expect(() => checkDocumentedColumns({ name: 'x', columns: ['nope'], rows: [] })).toThrow(/not documented/);
  });

  it('every report table: header of documented columns, one row per value with its interval, values parse back', async () => {
    const report = await sampleReport();
    const docs = readFileSync(new URL('../../docs/reports.md', import.meta.url), 'utf8');
    const names = new Set<string>();
    for (const s of report.sections) {
      for (const t of s.tables) {
        names.add(t.name);
        const rows = parseCsv(toCsv(t));
        expect(rows[0]).toEqual(t.columns);
        expect(rows.length - 1).toBe(t.rows.length);
        expect(t.columns).toEqual(expect.arrayContaining(['measure', 'value', 'ci95_low', 'ci95_high']));
        for (const c of t.columns) expect(docs, `docs/reports.md documents column ${c}`).toContain(`\`${c}\``);
        t.rows.forEach((r, i) => {
          const v = rows[i + 1]![t.columns.indexOf('value')]!;
          if (typeof r.value === 'number') expect(Number(v)).toBe(r.value);
          if (typeof r.measure === 'string') expect(docs, `docs/reports.md documents measure ${r.measure}`).toContain(`\`${r.measure}\``);
        });
        expect(docs, `docs/reports.md documents ${t.name}.csv`).toContain(`${t.name}.csv`);
      }
    }
    expect([...names].sort()).toEqual(['assault', 'efficiency', 'fair-cost', 'fair-cost-curve', 'fair-cost-opponents', 'kill', 'matrix', 'matrix-average', 'outcomes']);
    for (const c of Object.keys(COLUMNS)) expect(docs).toContain(`\`${c}\``);
  });
});
