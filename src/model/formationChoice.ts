import type { Dataset } from './dataset.js';
import { InputError } from './inputError.js';
import type { Formation, UnitCount } from './schema.js';

/**
 * Formations whose list lets the player choose ("Any four of the following
 * units: Deth Kopta, Flakwagon, Gunwagon"): the data set keeps the options
 * (`choices`) and a default pick in `units`, the list's first option. A
 * formation text picks others with `@`: `ork-speed-freeks/blitz-brigade@flakwagon`
 * takes all four as Flakwagons; `@deth-kopta,gunwagon` shares them evenly
 * between the two in the order given (the first ones taking any remainder).
 * Options of different choices of one formation each go to their own choice.
 */

export interface PickedUnits {
  units: UnitCount[];
  /** What was chosen, in a sentence; null when the formation has no choice. */
  choice: string | null;
}

const kebab = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The index in `units` holding a choice's default pick: the last entry of its first option with its count. */
function defaultEntry(f: Formation, c: { count: number; from: string[] }): number {
  for (let i = f.units.length - 1; i >= 0; i--) if (f.units[i]!.unit === c.from[0] && f.units[i]!.count === c.count) return i;
  return -1;
}

/** Shares `count` evenly over `ids` in order, the first ones taking the remainder. */
export function evenSplit(count: number, ids: string[]): UnitCount[] {
  const base = Math.floor(count / ids.length);
  const extra = count % ids.length;
  return ids.map((unit, k) => ({ unit, count: base + (k < extra ? 1 : 0) })).filter((u) => u.count > 0);
}

/** The formation's units with the options picked by `options` (unit ids or names; empty: the defaults). */
export function pickUnits(data: Dataset, f: Formation, options: string[], text: string): PickedUnits {
  const choices = f.choices.filter((c) => defaultEntry(f, c) >= 0);
  if (choices.length === 0) {
    if (options.length > 0) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" offers no choice of units to pick with "@"` }]);
    return { units: f.units, choice: null };
  }
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const wanted = choices.map((): string[] => []);
  for (const o of options) {
    const want = kebab(o);
    const k = choices.findIndex((c) => c.from.some((id) => id === want || kebab(nameOf(id)) === want));
    if (k < 0) {
      const all = choices.flatMap((c) => c.from).map((id) => `"${id}"`);
      throw new InputError([{ file: `formation "${text}"`, path: '', message: `no option "${o}" to pick in formation "${f.id}"; expected one of ${all.join(', ')}` }]);
    }
    wanted[k]!.push(choices[k]!.from.find((id) => id === want || kebab(nameOf(id)) === want)!);
  }
  const replace = new Map<number, UnitCount[]>();
  const said: string[] = [];
  choices.forEach((c, k) => {
    const picked = wanted[k]!.length > 0 ? evenSplit(c.count, wanted[k]!) : [{ unit: c.from[0]!, count: c.count }];
    replace.set(defaultEntry(f, c), picked);
    const how = wanted[k]!.length > 0 ? 'as picked' : 'the list\'s first option; pick others with @<option>';
    said.push(`${c.count} of ${c.from.map(nameOf).join(', ')}: ${picked.map((u) => `${u.count} ${nameOf(u.unit)}`).join(', ')} (${how})`);
  });
  const units = f.units.flatMap((u, i) => replace.get(i) ?? [u]);
  return { units, choice: said.join('; ') };
}

/**
 * The formation texts an audit evaluates: the formation as fielded by default (each choice's
 * first option), then each other option of each choice on its own.
 */
export function formationVariants(data: Dataset, armyId: string, formationId: string): string[] {
  const f = data.armies.get(armyId)?.formations.find((x) => x.id === formationId);
  if (f === undefined) return [];
  const base = `${armyId}/${formationId}`;
  const options = f.choices.filter((c) => defaultEntry(f, c) >= 0).flatMap((c) => c.from.slice(1));
  return [base, ...options.map((o) => `${base}@${o}`)];
}
