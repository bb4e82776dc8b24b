import type { Formation, UnitPrice, Upgrade } from '../schema.js';
import { parseCost, type Composition, type Cost } from './armyText.js';
import type { UnitResolver } from './names.js';
import { nameKey, slug } from './text.js';

/**
 * The sizes a formation row allows beyond the one it is fielded at, and what each costs:
 *
 * - a range with a price per extra unit ("Between four and eight Raptors", "175 points for four
 *   +35 points per extra"), per unit ("Up to three Decimators", "225 points each"; "Two to three
 *   Raven Fighters", "100 points each") or per unit of each option ("Between four and eight of any
 *   of the following units: Chaos Predator, Chaos Land Raider", "50 points each per Chaos Predator
 *   75 points each per Chaos Land Raider"): the formation is fielded at the smallest size, as the
 *   audit values it, and an upgrade the importer makes adds one unit at that price, as often as the
 *   range allows (`+extra-raptors`, four times at most; `+extra-chaos-predator-or-chaos-land-raider@chaos-land-raider`);
 * - a price per size (Ork lists' Normal, Big and 'Uge columns; Squat and Tyranid lists' S, M and
 *   L): `@big`, `@uge`, `@medium`, `@large` field the formation at that size (Formation.sizes,
 *   formationSize.ts); a size priced "n/a" is not offered;
 * - an upgrade printed in the units cell with its price under the formation's ("Four Daemonic
 *   Assault Engines (Add up to two Daemonic Assault Engines)", "275 points (+75 points each)"):
 *   read as any upgrade row is (armyLists.ts).
 *
 * Per-unit prices also price the formation's own pick: `armoured-company@chaos-land-raider` is
 * four Land Raiders at 75, 300 points (Formation.unitPrices).
 */

export interface SizesReading {
  /** The list's price per unit of the formation's choice, where it prices the options apart. */
  unitPrices?: UnitPrice[];
  /** One repeatable upgrade per range, less its id (the army's ids are given by the importer). */
  extras: Array<{ idBase: string; upgrade: Omit<Upgrade, 'id'> }>;
  /** The sizes priced in the table's cost columns, the formation's own first. */
  sizes?: NonNullable<Formation['sizes']>;
  /** Upgrades printed in the units cell, with their printed cost. */
  cellUpgrades: Array<{ effect: string; cost: string }>;
  decisions: string[];
  /** Sizes or upgrades it cannot offer, and why; the formation is fielded without them. */
  problems: string[];
}

/** The choice's options priced per unit: from "50 points each per Chaos Predator ..." or the variant rows ("Hell-Strider | 50 points each"). */
function unitPricesOf(comp: Composition, cost: Cost, perLabel: Array<{ name: string; cost: string }> | undefined, resolver: UnitResolver): UnitPrice[] | undefined {
  const printed = perLabel?.map((p) => ({ name: p.name, points: parseCost(p.cost).points })) ?? cost.perUnit;
  if (printed === undefined) return undefined;
  const out: UnitPrice[] = [];
  for (const p of printed) {
    const r = resolver.resolve(p.name);
    if (r.ok && p.points !== undefined) out.push({ unit: r.unit.id, points: p.points });
  }
  const options = comp.choices.flatMap((c) => c.from);
  return options.length > 0 && options.every((id) => out.some((p) => p.unit === id)) ? out : undefined;
}

/** The lists' abbreviations of their sizes ("S", "M", "L": small, medium, large). */
const SIZE_NAMES: Record<string, string> = { s: 'small', m: 'medium', l: 'large' };

/** The sizes a table's cost columns price, in order: the first is the formation's own, each next one its units times one more. */
function sizesOf(columns: Array<{ col: string; text: string }>, points: number): { sizes?: NonNullable<Formation['sizes']>; decisions: string[] } {
  if (columns.length < 2) return { decisions: [] };
  const all = columns.map((c, k) => ({ id: SIZE_NAMES[nameKey(c.col)] ?? slug(c.col), times: k + 1, points: k === 0 ? points : parseCost(c.text).points, printed: `${c.col} ${c.text}` }));
  const priced = all.filter((s) => s.points !== undefined).map((s) => ({ id: s.id, times: s.times, points: s.points! }));
  if (priced.length < 2) return { sizes: priced, decisions: [] };
  const not = all.filter((s) => s.points === undefined).map((s) => s.printed);
  return {
    sizes: priced,
    decisions: [`sizes priced ${all.map((s) => s.printed).join(', ')}: ${priced.slice(1).map((s) => `@${s.id} fields ${s.times} times its units for ${s.points} points`).join(', ')}${not.length > 0 ? `; ${not.join(', ')} not offered` : ''}`],
  };
}

export function readSizes(comp: Composition, cost: Cost, perLabel: Array<{ name: string; cost: string }> | undefined, resolver: UnitResolver, columns: Array<{ col: string; text: string }>, points: number): SizesReading {
  const out: SizesReading = { extras: [], cellUpgrades: [], decisions: [], problems: [] };
  const sized = sizesOf(columns, points);
  if (sized.sizes !== undefined) out.sizes = sized.sizes;
  out.decisions.push(...sized.decisions);
  const unitPrices = unitPricesOf(comp, cost, perLabel, resolver);
  if (unitPrices !== undefined) {
    out.unitPrices = unitPrices;
    out.decisions.push(`priced per unit of its choice (${unitPrices.map((p) => `${p.unit} ${p.points}`).join(', ')}): a pick with @ pays for what it fields`);
  }
  for (const r of comp.ranges) {
    // "Four or six Ravagers", "250 or 350 points": an alternative at its price (formationAlternatives.ts).
    if (r.how === 'a-or-b' && cost.orPoints !== undefined) continue;
    const choice = comp.choices.find((c) => c.from[0] === r.entry.unit && c.count === r.entry.count);
    const own = unitPrices?.find((p) => p.unit === r.entry.unit)?.points;
    const points = cost.perExtra ?? own ?? (cost.each ? cost.points : undefined);
    if (points === undefined) {
      out.problems.push(`"${r.printed}" is fielded with ${r.min}; no price per extra unit is printed, so no larger size is offered`);
      continue;
    }
    const more = r.max - r.min;
    const upgrade: Omit<Upgrade, 'id'> = {
      name: `Extra ${r.what}`,
      points,
      add: [{ unit: r.entry.unit, count: 1 }],
      remove: [],
      choices: choice !== undefined ? [{ count: 1, from: choice.from }] : [],
      repeatable: { max: more },
      notes: `"${r.printed}": fielded with ${r.min}; each extra unit, up to ${more} more, +${points} points${own !== undefined && choice !== undefined ? ' (the first option\'s price; another option pays its own)' : ''} (made by the importer from the formation's units and cost)`,
    };
    if (own !== undefined && unitPrices !== undefined) upgrade.unitPrices = unitPrices;
    out.extras.push({ idBase: slug(`extra ${r.what}`), upgrade });
  }
  // "(Add up to two Daemonic Assault Engines)" over "(+75 points each)": the cell's upgrades in order.
  const effects = comp.notes.filter((n) => /^add\b/i.test(n));
  const prices = cost.notes.filter((n) => /^\(\s*\+/.test(n));
  if (effects.length > 0 && effects.length === prices.length) effects.forEach((effect, k) => out.cellUpgrades.push({ effect, cost: prices[k]! }));
  else if (effects.length > 0) out.problems.push(`upgrades in its units cell (${effects.join('; ')}) not offered: ${prices.length} prices printed for ${effects.length}`);
  return out;
}
