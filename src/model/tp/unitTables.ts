import type { Unit } from '../schema.js';
import { splitLimit, type NameGroups } from './armyText.js';
import type { Grid } from './htmlTables.js';
import { columnsOf } from './listTables.js';
import type { UnitResolver } from './names.js';
import { countWord, nameKey, pluralKeys } from './text.js';

/**
 * A list's tables of units that prose names by their caption ("Any six Leman Russ variants" → the
 * "Leman Russ Variants" table), with their rare tables ("Leman Russ Rare Variants": "One in five
 * ... may be rare per formation"). `groups` answers the composition parser; `usedGroups` records
 * the tables some formation's or upgrade's units named (perUnitPrices.ts prices their rows).
 */
export interface UnitTables {
  groups: NameGroups;
  usedGroups: Set<string>;
  /** Rare table → the table it joins and its share, where printed. */
  rareTables: Map<string, { base: string; per: number; of: number } | { base: string }>;
}

export function readUnitTables(grids: Grid[], resolver: UnitResolver): UnitTables {
  const tableUnits = new Map<string, Unit[]>();
  const usedGroups = new Set<string>();
  const groups: NameGroups = {
    unitsOfGroup: (text: string) => {
      const key = nameKey(text);
      const found = tableUnits.has(key) ? key : [...tableUnits.keys()].find((k) => pluralKeys(key).includes(k) || pluralKeys(k).includes(key));
      if (found === undefined) return undefined;
      usedGroups.add(found);
      return tableUnits.get(found);
    },
  };
  const rareTables: UnitTables['rareTables'] = new Map();
  for (const grid of grids) {
    const cols = columnsOf(grid);
    if (!cols || cols.kind !== 'upgrade' || !cols.effectless) continue;
    const list: Unit[] = [];
    for (const row of grid.rows) {
      const cell = row[0];
      if (!cell) continue;
      const r = resolver.resolve(splitLimit(cell.text.replace(/\([^)]*\)/g, '')).name);
      if (r.ok) list.push(r.unit);
    }
    if (list.length > 0) tableUnits.set(nameKey(grid.caption), list);
    const key = nameKey(grid.caption);
    const base = key.replace(/\brare /, '');
    if (list.length > 0 && base !== key) {
      const share = /\bone in (\w+)\b[^.]*\bmay be rare\b/i.exec(grid.notes.join(' '));
      const of = share ? countWord(share[1]!) : undefined;
      rareTables.set(key, of !== undefined ? { base, per: 1, of } : { base });
    }
  }
  // "The variants themselves are listed in the Leman Russ variant and Leman Russ rare variant
  // charts": a rare table's units are among those its table names.
  for (const [key, r] of rareTables) {
    const base = tableUnits.get(r.base);
    if (base) base.push(...tableUnits.get(key)!.filter((u) => !base.includes(u)));
    else rareTables.delete(key);
  }
  return { groups, usedGroups, rareTables };
}
