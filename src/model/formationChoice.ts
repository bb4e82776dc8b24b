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
  /** False for a "plus transport" formation fielded without the transports its cost includes. */
  transported: boolean;
}

/**
 * "plus transport" (Space Marine, Deathwatch and Dark Eldar lists): the formation's cost includes
 * the transports needed to carry it, which the player may leave behind (TP Space Marine
 * Transports, Deathwatch Transports, Dark Eldar Transport). `@transport` fields them: the list's
 * Rhinos or Raiders, as few as carry every infantry unit that may ride (no jump packs, no mounts,
 * no Terminators, by the transports' own notes).
 */
export const PLUS_TRANSPORT = /\bplus transport\b/i;
const TRANSPORT_NAMES = new Set(['Rhino', 'Raider']);

function plusTransport(data: Dataset, forces: string[], f: Formation, units: UnitCount[]): UnitCount | null {
  if (!PLUS_TRANSPORT.test(f.notes ?? '')) return null;
  const transport = forces.flatMap((id) => data.forces.get(id)?.units ?? []).map((id) => data.units.get(id)!).find((u) => u !== undefined && TRANSPORT_NAMES.has(u.name) && (u.transport ?? 0) > 0);
  if (transport === undefined) return null;
  let carried = 0;
  for (const uc of units) {
    const u = data.units.get(uc.unit)!;
    const rides = u.type === 'INF' && !u.abilities.includes('jump-packs') && !u.abilities.includes('mounted') && !/terminator/i.test(u.name);
    if (rides) carried += uc.count;
  }
  return carried === 0 ? null : { unit: transport.id, count: Math.ceil(carried / transport.transport!) };
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
export function pickUnits(data: Dataset, forces: string[], f: Formation, requested: string[], text: string): PickedUnits {
  const wantsTransport = requested.some((o) => kebab(o) === 'transport');
  const options = requested.filter((o) => kebab(o) !== 'transport');
  const picked = pickChoices(data, f, options, text);
  if (!PLUS_TRANSPORT.test(f.notes ?? '')) {
    if (wantsTransport) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" has no "plus transport" to field with "@transport"` }]);
    return { ...picked, transported: true };
  }
  if (!wantsTransport) return { ...picked, transported: false };
  const ride = plusTransport(data, forces, f, picked.units);
  if (ride === null) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" has no unit its list's Rhinos or Raiders may carry` }]);
  const said = `plus transport: ${ride.count} ${data.units.get(ride.unit)!.name} to carry it (as picked)`;
  return { units: [...picked.units, ride], choice: picked.choice === null ? said : `${picked.choice}; ${said}`, transported: true };
}

function pickChoices(data: Dataset, f: Formation, options: string[], text: string): Omit<PickedUnits, 'transported'> {
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
 * first option), then each other option of each choice on its own, then with its transports
 * for a "plus transport" formation.
 */
export function formationVariants(data: Dataset, armyId: string, formationId: string): string[] {
  const f = data.armies.get(armyId)?.formations.find((x) => x.id === formationId);
  if (f === undefined) return [];
  const base = `${armyId}/${formationId}`;
  const options = f.choices.filter((c) => defaultEntry(f, c) >= 0).flatMap((c) => c.from.slice(1));
  const army = data.armies.get(armyId)!;
  const transport = plusTransport(data, army.forces ?? [], f, f.units) !== null ? ['transport'] : [];
  return [base, ...[...options, ...transport].map((o) => `${base}@${o}`)];
}
