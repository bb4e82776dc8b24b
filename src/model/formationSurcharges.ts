import type { Dataset } from './dataset.js';
import { InputError } from './inputError.js';
import type { Army, Formation, UnitCount, Upgrade } from './schema.js';

/**
 * Choices of units priced per unit chosen (TP Imperial Guard Minervan Tank Legion and Death Korps
 * of Krieg: "Tank companies and squadrons may be comprised of different Leman Russ variants ...
 * Each variant taken adds to the cost of the formation or upgrade"). "Tank Company: Any six Leman
 * Russ variants, 280 points" with the Leman Russ Variants table (Leman Russ +20 points, Thunderer
 * Free, ...) costs 280 plus each tank's surcharge: six Leman Russ 400, six Thunderers 280.
 *
 * The importer keeps each row of such a table as an upgrade of the army that no formation takes,
 * marked with {@link SURCHARGE_NOTE} in its notes (and {@link rareNote} for a row of a rare
 * table), and prices each formation and upgrade whose choice draws on the table with its default
 * pick (the list's first option). A formation text that picks other units pays the difference.
 * The limits on rare variants are written as notes too: "rare: 1 in 5 per formation" on a rare
 * row ("One in five Leman Russ variants may be rare per formation"), and "at most 1
 * leman-russ-vanquisher per formation" on a formation ("up to one of which may be a Leman Russ
 * Vanquisher").
 */

export const SURCHARGE_NOTE = 'surcharge per unit chosen';
const RARE = /\brare: (\d+) in (\d+) per formation\b/;
const AT_MOST = /\bat most (\d+) ([a-z0-9-]+) per formation\b/g;

export const rareNote = (per: number, of: number): string => `rare: ${per} in ${of} per formation`;
export const atMostNote = (count: number, unit: string): string => `at most ${count} ${unit} per formation`;

export interface Surcharges {
  /** Points each unit chosen adds, by unit id. */
  points: Map<string, number>;
  /** Rare units: at most `per` in `of` of the formation's chosen variants. */
  rare: Map<string, { per: number; of: number }>;
}

/** The army's per-unit surcharges, read from its marked upgrades. */
export function surchargesOf(army: Army): Surcharges {
  const out: Surcharges = { points: new Map(), rare: new Map() };
  for (const u of army.upgrades) {
    if (!(u.notes ?? '').includes(SURCHARGE_NOTE) || u.add.length !== 1) continue;
    const unit = u.add[0]!.unit;
    out.points.set(unit, u.points);
    const rare = RARE.exec(u.notes ?? '');
    if (rare) out.rare.set(unit, { per: Number(rare[1]), of: Number(rare[2]) });
  }
  return out;
}

/** What `units` add in surcharges (units without one add nothing). */
export function surchargeOf(s: Surcharges, units: UnitCount[]): number {
  return units.reduce((t, u) => t + (s.points.get(u.unit) ?? 0) * u.count, 0);
}

/** True for a choice drawn wholly from a per-unit table. */
export const isSurchargedChoice = (s: Surcharges, from: string[]): boolean => from.length > 0 && from.every((id) => s.points.has(id));

/** "at most N <unit> per formation" notes of a formation or upgrade, summed by unit. */
export function atMostOf(notes: Array<string | undefined>): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of notes) for (const m of (n ?? '').matchAll(AT_MOST)) out.set(m[2]!, (out.get(m[2]!) ?? 0) + Number(m[1]));
  return out;
}

/** The rare units' share allowed among `total` chosen variants: ⌊total × per / of⌋. */
export function rareAllowed(s: Surcharges, total: number): number | null {
  const first = [...s.rare.values()][0];
  return first === undefined ? null : Math.floor((total * first.per) / first.of);
}

/**
 * Refuses a formation whose chosen variants break the list's limits: more rare variants than one
 * in five of those the formation fields (its own choices and its upgrades' together), or more of a
 * unit than "up to one of which may be a Leman Russ Vanquisher" allows.
 */
export function checkVariantLimits(data: Dataset, army: Army, f: Formation, chosen: UnitCount[], upgrades: Upgrade[], text: string): void {
  const s = surchargesOf(army);
  const variants = chosen.filter((u) => s.points.has(u.unit));
  if (variants.length === 0) return;
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const fail = (message: string) => new InputError([{ file: `formation "${text}"`, path: '', message }]);
  const countOf = (ids: (id: string) => boolean) => variants.filter((u) => ids(u.unit)).reduce((t, u) => t + u.count, 0);
  const total = countOf(() => true);
  const rare = countOf((id) => s.rare.has(id));
  const allowed = rareAllowed(s, total);
  if (allowed !== null && rare > allowed) {
    const r = [...s.rare.values()][0]!;
    throw fail(
      `formation "${f.id}" fields ${total} variants from its per-unit tables, of which at most ${allowed} may be rare (${r.per} in ${r.of} per formation: ${[...s.rare.keys()].map(nameOf).join(', ')}); ${rare} ${rare === 1 ? 'is' : 'are'}`,
    );
  }
  for (const [unit, most] of atMostOf([f.notes, ...upgrades.map((u) => u.notes)])) {
    const n = countOf((id) => id === unit);
    if (n > most) throw fail(`formation "${f.id}" may field at most ${most} ${nameOf(unit)} among its variants; ${n} picked`);
  }
}
