import { parse, type HTMLElement } from 'node-html-parser';
import { closeImpliedEndTags, type SourceTable } from './impliedEndTags.js';
import { squash } from './text.js';

/**
 * The army-list tables of one TP page as grids: row spans and column spans expanded, header
 * rows and note rows ("(Up to a third of the points ...)") separated from the body, nested
 * tables (an ally block holding "Imperial Navy Aircraft" and "Titan Legion Battlegroups")
 * read as tables of their own that know their parent's caption and notes.
 */

export interface Cell {
  el: HTMLElement;
  /** The cell's text with white space squashed (list items separated by " | "). */
  text: string;
  /** List items (`<li>`), when the cell holds a list. */
  items: string[];
  /** The body row and column where the cell starts, and its spans. */
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  header: boolean;
}

export interface Grid {
  caption: string;
  /** Captions of the tables this one is nested in, outermost first. */
  parents: string[];
  /** Notes printed in rows that span the whole table (and those of the parents). */
  notes: string[];
  /** Column names from the last header row (a spanned header names each column it covers). */
  headers: string[];
  /** rows[r][c]: the cell covering body row r, column c. */
  rows: Array<Array<Cell | undefined>>;
  /** The order of the table in the page. */
  index: number;
}

/** A table of the source the parser did not return whole: named in the import report. */
export interface LostTable {
  caption: string;
  /** "all of it", or the rows lost ("2 of its 12 rows"). */
  lost: string;
}

export interface Page {
  grids: Grid[];
  /** Tables of the source the parser lost, in part or whole (none when the page parses cleanly). */
  lost: LostTable[];
  /** Text of the top-level paragraphs outside the tables (strategy rating, initiative). */
  paragraphs: string[];
}

/** Descendant elements with a tag name, in document order, not looking inside `stop` tags. */
function descendants(el: HTMLElement, tag: string, stop?: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (node: HTMLElement): void => {
    for (const child of node.childNodes) {
      const c = child as HTMLElement;
      if (c.tagName === undefined || c.tagName === null) continue;
      if (c.tagName === tag) out.push(c);
      if (stop !== undefined && c.tagName === stop) continue;
      walk(c);
    }
  };
  walk(el);
  return out;
}

/**
 * A cell's list items. An item holding a list of its own ("Replace ... with any of the following
 * characters:" over "Dragon, Skyhammer or Mortar Battlecar for +25 points", ...) stands for one
 * item per nested item, its own words before each.
 */
function listItems(el: HTMLElement): string[] {
  return descendants(el, 'LI', 'LI').flatMap((li) => {
    const nested = descendants(li, 'LI');
    if (nested.length === 0) return [squash(li.text)];
    const own = squash(li.childNodes.filter((c) => !['UL', 'OL'].includes((c as HTMLElement).tagName ?? '')).map((c) => c.text).join(' '));
    return nested.map((n) => `${own} ${squash(n.text)}`);
  });
}

export function cellText(el: HTMLElement): string {
  const items = descendants(el, 'LI');
  if (items.length > 0) return items.map((li) => squash(li.text)).join(' | ');
  return squash(el.text);
}

/** The rows of a table, not of the tables nested in it. */
function rowsOf(table: HTMLElement): HTMLElement[] {
  return descendants(table, 'TR', 'TABLE');
}

function ownerTable(el: HTMLElement): HTMLElement | undefined {
  let p = el.parentNode as HTMLElement | null;
  while (p) {
    if (p.tagName === 'TABLE') return p;
    p = p.parentNode as HTMLElement | null;
  }
  return undefined;
}

function cellsOf(tr: HTMLElement): HTMLElement[] {
  return tr.childNodes.filter((n): n is HTMLElement => (n as HTMLElement).tagName === 'TD' || (n as HTMLElement).tagName === 'TH');
}

const span = (el: HTMLElement, attr: string): number => {
  const n = Number(el.getAttribute(attr) ?? '1');
  return Number.isInteger(n) && n > 0 ? n : 1;
};

const captionText = (raw: string): string => squash(parse(raw).text);

/**
 * The source's tables the parser lost, whole or in part: each source table is matched, in order,
 * with the next parsed table of the same caption, and its rows are counted on both sides.
 */
function lostTables(source: SourceTable[], parsed: HTMLElement[]): LostTable[] {
  const found = parsed.map((t) => ({ caption: squash(t.childNodes.find((n) => (n as HTMLElement).tagName === 'CAPTION')?.text ?? ''), rows: rowsOf(t).length }));
  const lost: LostTable[] = [];
  let next = 0;
  source.forEach((s, i) => {
    const caption = captionText(s.caption);
    const at = found.findIndex((f, j) => j >= next && f.caption === caption);
    const name = caption || `table ${i + 1} of the page (no caption)`;
    if (at < 0) {
      lost.push({ caption: name, lost: `all of it (${s.rows} rows)` });
      return;
    }
    next = at + 1;
    if (found[at]!.rows < s.rows) lost.push({ caption: name, lost: `${s.rows - found[at]!.rows} of its ${s.rows} rows` });
  });
  return lost;
}

export function parsePage(html: string): Page {
  const closed = closeImpliedEndTags(html);
  const root = parse(closed.html, { blockTextElements: { script: false, style: false } });
  const tables = descendants(root, 'TABLE');
  const parentsOf = new Map<HTMLElement, { captions: string[]; notes: string[] }>();
  const grids: Grid[] = [];
  tables.forEach((table, index) => {
    const caption = squash(table.childNodes.find((n) => (n as HTMLElement).tagName === 'CAPTION')?.text ?? '');
    const owner = ownerTable(table);
    const inherited = owner ? parentsOf.get(owner) : undefined;
    const parents = inherited ? [...inherited.captions] : [];
    const notes: string[] = inherited ? [...inherited.notes] : [];
    const trs = rowsOf(table);
    // Width: the widest row, counting spans.
    let width = 0;
    for (const tr of trs) width = Math.max(width, cellsOf(tr).reduce((w, c) => w + span(c, 'colspan'), 0));
    let headers: string[] = [];
    const body: HTMLElement[] = [];
    let container = false;
    for (const tr of trs) {
      const cells = cellsOf(tr);
      if (cells.length === 0) continue;
      if (cells.some((c) => descendants(c, 'TABLE').length > 0)) {
        container = true;
        continue;
      }
      if (cells.every((c) => c.tagName === 'TH')) {
        const names: string[] = [];
        for (const c of cells) for (let k = 0; k < span(c, 'colspan'); k++) names.push(squash(c.text));
        headers = names;
        continue;
      }
      if (cells.length === 1 && (span(cells[0]!, 'colspan') >= width || width <= 1) && !cells[0]!.getAttribute('rowspan')) {
        const t = squash(cells[0]!.text);
        if (t) notes.push(t);
        continue;
      }
      body.push(tr);
    }
    parentsOf.set(table, { captions: [...parents, caption], notes: [...notes] });
    if (container && body.length === 0) return;
    const rows: Array<Array<Cell | undefined>> = body.map(() => new Array<Cell | undefined>(width).fill(undefined));
    body.forEach((tr, r) => {
      let c = 0;
      for (const el of cellsOf(tr)) {
        while (c < width && rows[r]![c] !== undefined) c++;
        const cell: Cell = {
          el,
          text: cellText(el),
          items: listItems(el),
          row: r,
          col: c,
          rowspan: span(el, 'rowspan'),
          colspan: span(el, 'colspan'),
          header: el.tagName === 'TH',
        };
        for (let dr = 0; dr < cell.rowspan && r + dr < rows.length; dr++) {
          for (let dc = 0; dc < cell.colspan; dc++) {
            if (c + dc >= width) rows[r + dr]!.push(undefined);
            rows[r + dr]![c + dc] = cell;
          }
        }
        c += cell.colspan;
      }
    });
    grids.push({ caption, parents, notes, headers, rows, index });
  });
  const paragraphs = root.childNodes
    .filter((n): n is HTMLElement => (n as HTMLElement).tagName === 'P')
    .map((p) => squash(p.text))
    .filter((t) => t !== '');
  return { grids, lost: lostTables(closed.tables, tables), paragraphs };
}
