/**
 * HTML lets a table leave out its row and cell end tags: a `<tr>` ends at the next `<tr>`, at the
 * end of its section or of its table, a `<td>` or `<th>` at the next cell or at the end of its row
 * (WHATWG HTML 13.1.2.4, "Optional tags"). Tournament Pack pages before June 2020 use that (the
 * Steel Legion and Minervan "Support Formations" tables leave three `</tr>` out), and
 * node-html-parser does not apply it: it loses the whole table. So the end tags are written out
 * before the page is parsed, and the tables of the source are counted, so a table the parser
 * still loses (or a row of it) is named, never dropped unseen.
 */

export interface SourceTable {
  /** The raw markup inside its `<caption>` ('' for a table without one). */
  caption: string;
  /** Its own rows (not those of the tables nested in it), counting the `<tr>` written out. */
  rows: number;
}

export interface ClosedTables {
  /** The page with every implied `</td>`, `</th>` and `</tr>` (and a `<tr>` a row of cells lacks) written out. */
  html: string;
  /** Every table of the source, in document order. */
  tables: SourceTable[];
}

interface TableContext {
  row: boolean;
  cell: 'td' | 'th' | null;
  /** Where the open `<caption>`'s content starts in the source (-1: none open). */
  captionStart: number;
  /** The table's place in `tables`. */
  index: number;
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

/** Writes out the end tags HTML lets a table leave out (see the file comment). */
export function closeImpliedEndTags(html: string): ClosedTables {
  const out: string[] = [];
  const tables: SourceTable[] = [];
  const stack: TableContext[] = [];
  let last = 0;
  const closeCell = (t: TableContext) => {
    if (t.cell !== null) out.push(`</${t.cell}>`);
    t.cell = null;
  };
  const closeRow = (t: TableContext) => {
    closeCell(t);
    if (t.row) out.push('</tr>');
    t.row = false;
  };
  for (const m of html.matchAll(TOKEN)) {
    out.push(html.slice(last, m.index));
    last = m.index + m[0].length;
    const tag = m[2]?.toLowerCase();
    const end = m[1] === '/';
    const t = stack[stack.length - 1];
    let keep = true;
    if (tag === 'table' && !end) {
      stack.push({ row: false, cell: null, captionStart: -1, index: tables.length });
      tables.push({ caption: '', rows: 0 });
    } else if (t !== undefined) {
      if (tag === 'table' || tag === 'thead' || tag === 'tbody' || tag === 'tfoot') closeRow(t);
      else if (tag === 'tr' && !end) {
        closeRow(t);
        t.row = true;
        tables[t.index]!.rows += 1;
      } else if (tag === 'tr') {
        closeCell(t);
        // An end tag with no row open (the row was already ended by the next one) is dropped.
        keep = t.row;
        t.row = false;
      } else if ((tag === 'td' || tag === 'th') && !end) {
        closeCell(t);
        // A cell outside a row opens one, as HTML's parser does.
        if (!t.row) {
          out.push('<tr>');
          tables[t.index]!.rows += 1;
        }
        t.row = true;
        t.cell = tag;
      } else if (tag === 'td' || tag === 'th') {
        keep = t.cell === tag;
        if (keep) t.cell = null;
      } else if (tag === 'caption' && !end) t.captionStart = last;
      else if (tag === 'caption' && t.captionStart >= 0) {
        tables[t.index]!.caption = html.slice(t.captionStart, m.index);
        t.captionStart = -1;
      }
      if (tag === 'table' && end) stack.pop();
    }
    if (keep) out.push(m[0]);
  }
  out.push(html.slice(last));
  return { html: out.join(''), tables };
}
