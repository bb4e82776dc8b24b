import { atMostNote, rareNote, SURCHARGE_NOTE } from '../formationSurcharges.js';
import type { Formation, Unit, Upgrade } from '../schema.js';
import type { UnitResolver } from './names.js';
import { countWord, nameKey } from './text.js';
import type { UnitTables } from './unitTables.js';

/** What per-unit pricing reads and writes of an upgrade draft: its upgrade, its table's captions, whether it resolved. */
interface PricedUpgrade {
  upgrade: Upgrade;
  captions: string[];
  problems: string[];
}

export interface PerUnitPriceContext {
  tables: UnitTables;
  resolver: UnitResolver;
  units: Map<string, Unit>;
  /** Logs an import decision of the list. */
  decide(message: string): void;
}

/**
 * Tables priced per unit (formationSurcharges.ts): the rows of a table some formation's or
 * upgrade's units name ("Any six Leman Russ variants") and of its rare table, each "+N points"
 * or "Free", are surcharges; each formation and upgrade choosing from them is priced with its
 * default pick, and its limits on a unit ("up to one of which may be a Leman Russ Vanquisher",
 * "none of which may be ...") are kept.
 */
export function pricePerUnit(ctx: PerUnitPriceContext, ups: PricedUpgrade[], forms: Array<{ formation: Formation }>): void {
  const { usedGroups, rareTables } = ctx.tables;
  const keys = new Set([...usedGroups, ...[...rareTables].filter(([, r]) => usedGroups.has(r.base)).map(([k]) => k)]);
  const perUnit = new Map<string, number>();
  for (const u of ups) {
    const key = nameKey(u.captions[0] ?? '');
    const up = u.upgrade;
    if (!keys.has(key) || u.problems.length > 0 || up.add.length !== 1 || up.add[0]!.count !== 1 || up.choices.length > 0 || up.character !== undefined) continue;
    if (!/^\s*add one\b[^(]*\((?:\+\s*\d+\s*points?|free)\)/i.test(up.notes ?? '')) continue;
    const rare = rareTables.get(key);
    up.notes = [up.notes, SURCHARGE_NOTE, rare !== undefined && 'of' in rare ? rareNote(rare.per, rare.of) : ''].filter((n) => n).join('; ');
    perUnit.set(up.add[0]!.unit, up.points);
  }
  if (perUnit.size === 0) return;
  const name = (idv: string) => ctx.units.get(idv)?.name ?? idv;
  const priced = (what: string, printedPoints: number, choices: Formation['choices'], notes: string | undefined): { points: number; notes: string | undefined } => {
    let points = printedPoints;
    let out = notes;
    const limit = /\b(?:up to (\w+)|none) of which may be an? ([^;,.()]+)/i.exec(notes ?? '');
    for (const c of choices) {
      if (!c.from.every((idv) => perUnit.has(idv))) continue;
      if (limit) {
        const r = ctx.resolver.resolve(limit[2]!.trim());
        const most = limit[1] === undefined ? 0 : countWord(limit[1]);
        if (r.ok && most !== undefined && c.from.includes(r.unit.id) && r.unit.id !== c.from[0]) {
          if (most === 0) c.from = c.from.filter((idv) => idv !== r.unit.id);
          else out = `${out}; ${atMostNote(most, r.unit.id)}`;
        } else ctx.decide(`${what}: "${limit[0]}" not read as a limit on its variants`);
      }
      const extra = perUnit.get(c.from[0]!)! * c.count;
      points += extra;
      out = `${out}; priced per unit chosen: ${printedPoints} points plus ${c.from.map((idv) => `${name(idv)} +${perUnit.get(idv)}`).join(', ')} each; ${points} points with ${c.count} ${name(c.from[0]!)}`;
    }
    return { points, notes: out };
  };
  for (const d of forms) {
    const f = d.formation;
    const p = priced(`formation "${f.name}"`, f.points, f.choices, f.notes);
    if (p.points !== f.points) ctx.decide(`formation "${f.name}": ${f.points} points plus its default pick's per-unit surcharges, ${p.points}`);
    f.points = p.points;
    if (p.notes !== undefined) f.notes = p.notes;
  }
  for (const u of ups) {
    const up = u.upgrade;
    if (up.choices.length === 0) continue;
    const p = priced(`upgrade "${up.name}"`, up.points, up.choices, up.notes);
    if (p.points !== up.points) ctx.decide(`upgrade "${up.name}": ${up.points} points plus its default pick's per-unit surcharges, ${p.points}`);
    up.points = p.points;
    if (p.notes !== undefined) up.notes = p.notes;
  }
}
