import type { Cell, Grid } from './htmlTables.js';
import { nameKey, squash } from './text.js';

/**
 * The tables of an army-list page read as records: which columns hold the units, the upgrades
 * and the costs (formation and upgrade tables), and each name cell with its variant rows
 * ("Questor | 275 points each") and parenthesised option rows ("(add four Chimera) | (+100 points)").
 */

type TableKind = 'formation' | 'upgrade';

export interface Columns {
  kind: TableKind;
  units: number[];
  upgrades?: number;
  costs: number[];
  costNames: string[];
  /** "Upgrade | Cost" and "Unit | Cost" tables: no effect column. */
  effectless: boolean;
}

const COST_HEADERS = new Set(['cost', 'normal', 'big', "'uge", 'uge', 's', 'm', 'l']);

export function columnsOf(grid: Grid): Columns | undefined {
  const h = grid.headers.map((x) => nameKey(x));
  const hRaw = grid.headers.map((x) => x.trim().toLowerCase().replace(/[’‘]/g, "'"));
  const width = grid.rows[0]?.length ?? h.length;
  if (h.length === 0) {
    // No header row: a plain two- or three-column list; the last column is the cost.
    if (width < 2) return undefined;
    return { kind: 'formation', units: width > 2 ? [1] : [], costs: [width - 1], costNames: ['cost'], effectless: width === 2 };
  }
  const costs: number[] = [];
  const costNames: string[] = [];
  hRaw.forEach((x, i) => {
    if (i > 0 && COST_HEADERS.has(x)) {
      costs.push(i);
      costNames.push(grid.headers[i]!);
    }
  });
  const units = h.map((x, i) => (i > 0 && (x === 'units' || x === 'core units' || x === 'notes') ? i : -1)).filter((i) => i >= 0);
  const upgrades = h.findIndex((x, i) => i > 0 && (x === 'upgrades' || x === 'extras' || x === 'extra units'));
  const first = h[0]!;
  let kind: TableKind;
  if (first === 'upgrade' || first === 'weapon' || first === 'unit' || (first === 'type' && h.includes('notes'))) kind = 'upgrade';
  else if (units.length > 0) kind = 'formation';
  else return undefined;
  const out: Columns = { kind, units, costs, costNames, effectless: units.length === 0 };
  if (upgrades > 0) out.upgrades = upgrades;
  return out;
}

interface Variant {
  /** The units (formations) or effect (upgrades) text. */
  text: string;
  /** The sub-cell text that distinguishes this variant ("Mars", "Questor"). */
  label?: string;
  costs: string[];
  altCosts: string[];
}

interface Record {
  nameText: string;
  variants: Variant[];
  /** Parenthesised rows under a formation: "(add four Chimera or Valkyries) | (+100 or +150 points)". */
  options: Array<{ text: string; cost: string }>;
  upgradesCell?: Cell;
}

/** Reads a grid's body into records: one per name cell, with its variant and option rows. */
export function recordsOf(grid: Grid, cols: Columns): Record[] {
  const out: Record[] = [];
  let current: Record | undefined;
  const unitsCol = cols.units[0];
  const subCol = cols.units.length > 1 ? cols.units[1] : undefined;
  grid.rows.forEach((row, r) => {
    const nameCell = row[0];
    if (!nameCell) return;
    const fresh = (c: number | undefined): Cell | undefined => {
      if (c === undefined) return undefined;
      const cell = row[c];
      return cell && cell.row === r && cell.col === c ? cell : undefined;
    };
    const costsOfRow = cols.costs.map((c) => fresh(c)?.text ?? '');
    const hasCost = costsOfRow.some((x) => x !== '');
    if (nameCell.row === r) {
      const unitsCell = unitsCol !== undefined ? row[unitsCol] : undefined;
      const subCell = subCol !== undefined ? row[subCol] : undefined;
      const main = unitsCell?.text ?? '';
      const sub = subCell && subCell !== unitsCell ? subCell.text : undefined;
      current = { nameText: nameCell.text, variants: [], options: [] };
      if (cols.upgrades !== undefined && row[cols.upgrades]) current.upgradesCell = row[cols.upgrades]!;
      current.variants.push(sub !== undefined ? { text: main, label: sub, costs: costsOfRow, altCosts: [] } : { text: main, costs: costsOfRow, altCosts: [] });
      out.push(current);
      return;
    }
    if (!current) return;
    // A continuation row of the current record.
    const newUnits = fresh(unitsCol);
    const newSub = fresh(subCol);
    const mainText = unitsCol !== undefined ? (row[unitsCol]?.text ?? '') : '';
    const own = [newUnits, newSub].filter((c): c is Cell => c !== undefined);
    const firstOwn = own[0];
    if (firstOwn && /^\(/.test(firstOwn.text)) {
      current.options.push({ text: firstOwn.text, cost: costsOfRow.find((x) => x !== '') ?? '' });
    } else if (newSub) {
      current.variants.push({ text: mainText, label: newSub.text, costs: costsOfRow, altCosts: [] });
    } else if (newUnits) {
      current.variants.push({ text: newUnits.text, costs: costsOfRow, altCosts: [] });
    } else if (hasCost) {
      // "+125 points per pair" under "+75 points each".
      current.variants[current.variants.length - 1]!.altCosts.push(...costsOfRow.filter((x) => x !== ''));
    }
  });
  return out;
}

/** Joins a main cell and a variant cell into one text. */
export function joinVariant(main: string, label: string | undefined): string {
  if (label === undefined) return main;
  // "Add up to two of the following: Note: These units have Planetfall" + "Land Speeder": the note goes last.
  const note = /\s*\bNote:.*$/i.exec(main);
  if (note) return `${joinVariant(main.slice(0, note.index), label)} ${note[0].trim()}`;
  const m = main.trim();
  if (m === '') return label;
  if (/\b(?:choose|chose) one of the following\b|\bfollowing options\b/i.test(m)) {
    const head = m.replace(/,?\s*(?:and\s+)?(?:any\s+)?one of the following options\s*:?.*$/i, '').trim();
    if (head && !/^(add|choose|chose)\b/i.test(head) && !/^(add|replace|give)\b/i.test(label)) return `${head} and ${label}`;
    return /^(add|replace|give)\b/i.test(label) ? label : `Add ${label}`;
  }
  return `${m} ${label}`;
}

/** "(add one Gorgon or eight Centaurs) Note: ..." → "add one Gorgon or eight Centaurs Note: ...". */
export function optionText(text: string): string {
  return squash(text.replace(/^\(([^)]*)\)/, '$1'));
}

