import type { Dataset } from './dataset.js';
import { InputError } from './inputError.js';
import { loadoutOptions } from './weaponLoadout.js';
import { atMostOf, isSurchargedChoice, rareAllowed, surchargesOf } from './formationSurcharges.js';
import { applyAlternatives, splitAlternatives, unitPricesOf } from './formationAlternatives.js';
import type { Army, Formation, Unit, UnitCount, Upgrade } from './schema.js';
import { optionKey } from './optionKey.js';

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
  /** The units the formation's choices brought (their picks or defaults), for the variant limits. */
  chosen: UnitCount[];
  /** What was chosen, in a sentence; null when the formation has no choice. */
  choice: string | null;
  /** False for a "plus transport" formation fielded without the transports its cost includes. */
  transported: boolean;
  /** The formation's points for what was picked (an alternative priced apart, options priced per unit), before upgrades and surcharges. */
  points: number;
}

/**
 * "plus transport" (Space Marine, Deathwatch and Dark Eldar lists): the formation's cost includes
 * the transports needed to carry it, which the player may leave behind (TP Space Marine
 * Transports, Deathwatch Transports, Dark Eldar Transport). The formation is fielded with them:
 * the list's Rhinos or Raiders (Land Raiders for White Scars Terminators), as few as carry every
 * infantry unit that may ride (no jump packs, no mounts, Terminators only where the transport's
 * own notes let them); `@on-foot` leaves them behind.
 */
export const PLUS_TRANSPORT = /\bplus transport\b/i;
const TRANSPORT_NAMES = new Set(['Rhino', 'Raider']);
/**
 * TP White Scars Transport: "The transport vehicles will be Land Raiders if the detachment is
 * Terminators, Rhinos for any other form of detachment" (its "Four Terminator units plus
 * transport", 575 points). Other lists' Terminators ride no Rhino and take no free transport
 * (TP Space Wolves Transport: "do not count them when determining the number of Rhinos needed").
 */
const LAND_RAIDERS_FOR_TERMINATORS = 'white-scars-transport';
const TERMINATOR_TRANSPORT = 'Land Raider';
const isTerminatorTransport = (u: Unit | undefined): u is Unit => u !== undefined && u.name === TERMINATOR_TRANSPORT && (u.transport ?? 0) > 0;

/** A detachment of Terminators: its infantry are Terminator units. */
function terminatorDetachment(data: Dataset, units: UnitCount[]): boolean {
  return units.some((uc) => {
    const u = data.units.get(uc.unit);
    return u !== undefined && u.type === 'INF' && /terminator/i.test(u.name);
  });
}
const ON_FOOT = 'on-foot';

/** "may carry one Terminator unit OR two ...", "one Ogryn unit OR any two": a unit that rides alone. */
const RIDES_ALONE = /\bmay (?:carry|transport) one ([a-z' -]+?) unit or\b/i;

/**
 * Seats `passenger` takes in `transport` (RB 1.7.5; TP Transport Vehicles), 0 if it may not ride,
 * by the transport's notes: infantry without jump packs or mounts ("two infantry units without
 * Jump Packs or Mounted"); Terminators only where the notes name them, not "except Terminator
 * units", two seats each ("Terminators and Dreadnoughts take up two spaces each"); a unit the
 * notes let ride alone ("one Terminator unit or two infantry units") takes every seat. Lists of
 * named units in the notes are not checked: any such infantry unit rides.
 */
export function seatsAboard(passenger: Unit, transport: Unit): number {
  const capacity = transport.transport ?? 0;
  if (capacity === 0 || passenger.type !== 'INF' || passenger.abilities.includes('jump-packs') || passenger.abilities.includes('mounted')) return 0;
  const notes = transport.notes ?? '';
  const name = passenger.name.toLowerCase();
  const alone = RIDES_ALONE.exec(notes);
  if (alone !== null && name.includes(alone[1]!.toLowerCase())) return capacity;
  if (!/terminator/i.test(passenger.name)) return 1;
  return /terminator/i.test(notes.replace(/\bexcept terminator/gi, '')) ? Math.min(2, capacity) : 0;
}

/**
 * The list's transports a "plus transport" formation takes: its riders, counted after its
 * upgrades ("determine the number of Rhinos needed after all upgrades have been purchased"),
 * less what transports already in it carry (a Razorback one unit), shared over Rhinos or Raiders.
 * 'written-in': the list writes the transports into the formation (the 2004 rulebook's "Six
 * Tactical units plus transport" with its three Rhinos): it is fielded as written.
 */
function plusTransport(data: Dataset, army: Army, f: Formation, units: UnitCount[], upgrades: Upgrade[]): UnitCount | 'no-transport' | 'written-in' | null {
  if (!PLUS_TRANSPORT.test(f.notes ?? '')) return null;
  const isTransport = (u: Unit | undefined): u is Unit => u !== undefined && TRANSPORT_NAMES.has(u.name) && (u.transport ?? 0) > 0;
  if (f.units.some((uc) => isTransport(data.units.get(uc.unit)))) return 'written-in';
  const listUnits = (army.forces ?? [army.id]).flatMap((id) => data.forces.get(id)?.units ?? []).map((id) => data.units.get(id));
  const landRaiders = army.otherRules.includes(LAND_RAIDERS_FOR_TERMINATORS) && terminatorDetachment(data, units);
  const transport = (landRaiders ? listUnits.find(isTerminatorTransport) : undefined) ?? listUnits.find(isTransport);
  if (transport === undefined) return 'no-transport';
  // Seats, not units: a Terminator fills a Land Raider ("one Terminator unit or two infantry units").
  let seats = 0;
  let room = 0;
  const count = (uc: UnitCount, sign: number) => {
    const u = data.units.get(uc.unit)!;
    const taken = seatsAboard(u, transport);
    if (taken > 0) seats += sign * uc.count * taken;
    else room += sign * uc.count * (u.transport ?? 0);
  };
  for (const uc of units) count(uc, 1);
  for (const up of upgrades) {
    for (const uc of up.add) count(uc, 1);
    for (const uc of up.remove) count(uc, -1);
  }
  const needed = Math.ceil(Math.max(0, seats - room) / transport.transport!);
  return seats <= 0 ? null : { unit: transport.id, count: needed };
}

/** The index in `units` holding a choice's default pick: the last entry of its first option with its count. */
function defaultEntry(f: Formation, c: { count: number; from: string[] }): number {
  for (let i = f.units.length - 1; i >= 0; i--) if (f.units[i]!.unit === c.from[0] && f.units[i]!.count === c.count) return i;
  return -1;
}

/** The units a formation's choices bring by default (each choice's first option). */
export function defaultChosen(f: Formation): UnitCount[] {
  return f.choices.filter((c) => defaultEntry(f, c) >= 0).map((c) => ({ unit: c.from[0]!, count: c.count }));
}

/**
 * Shares `count` evenly over `ids` in order, the first ones taking the remainder; an id named
 * several times takes a share each time (`leman-russ,leman-russ,leman-russ-vanquisher` of three:
 * two Leman Russ and a Vanquisher), its shares together.
 */
export function evenSplit(count: number, ids: string[]): UnitCount[] {
  const base = Math.floor(count / ids.length);
  const extra = count % ids.length;
  const out: UnitCount[] = [];
  ids.forEach((unit, k) => {
    const n = base + (k < extra ? 1 : 0);
    const same = out.find((u) => u.unit === unit);
    if (same) same.count += n;
    else if (n > 0) out.push({ unit, count: n });
  });
  return out.filter((u) => u.count > 0);
}

/** The formation's units with the options picked by `options` (unit ids or names; empty: the defaults). */
export function pickUnits(data: Dataset, army: Army, f: Formation, requested: string[], text: string, upgrades: Upgrade[]): PickedUnits {
  const onFoot = requested.some((o) => optionKey(o) === ON_FOOT);
  const { alternatives, rest: options } = splitAlternatives(data, f, requested.filter((o) => optionKey(o) !== ON_FOOT));
  const chosen = pickChoices(data, f, options, text);
  const composed = applyAlternatives(data, f, chosen.units, alternatives, text);
  const points = composed.points + unitPricesOf(f.unitPrices, chosen.chosen) - unitPricesOf(f.unitPrices, defaultChosen(f));
  const choice = [chosen.choice, composed.said].filter((c) => c !== null).join('; ');
  const picked = { units: composed.units, chosen: chosen.chosen, choice: choice === '' ? null : choice, points };
  const ride = plusTransport(data, army, f, picked.units, upgrades);
  // A list without Rhinos or Raiders to field: the formation goes on foot, and says so.
  if (ride === 'no-transport') return { ...picked, transported: false };
  if (ride === 'written-in') {
    if (onFoot) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" is fielded with the transports its list writes into it; "@${ON_FOOT}" leaves behind only those a "plus transport" cost adds (its list's upgrades take its own away)` }]);
    return { ...picked, transported: true };
  }
  // No rider (Talos): nothing the cost includes is missing.
  if (ride === null) {
    if (onFoot) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" has no transports to leave behind with "@${ON_FOOT}"` }]);
    return { ...picked, transported: true };
  }
  if (onFoot) return { ...picked, transported: false };
  const said = `plus transport: ${ride.count} ${data.units.get(ride.unit)!.name} to carry it (its cost includes them; @${ON_FOOT} leaves them behind)`;
  return { ...picked, units: ride.count > 0 ? [...picked.units, ride] : picked.units, choice: picked.choice === null ? said : `${picked.choice}; ${said}`, transported: true };
}

function pickChoices(data: Dataset, f: Formation, options: string[], text: string): Omit<PickedUnits, 'transported' | 'points'> {
  const choices = f.choices.filter((c) => defaultEntry(f, c) >= 0);
  // What else `@` names: alternatives (formationAlternatives.ts) and sizes (formationSize.ts).
  const others = [...(f.alternatives ?? []).map((a) => a.id), ...(f.sizes ?? []).map((s) => s.id)];
  if (choices.length === 0) {
    if (options.length > 0) throw new InputError([{ file: `formation "${text}"`, path: '', message: `formation "${f.id}" offers no ${others.length === 0 ? 'choice of units' : `option "${options[0]}"`} to pick with "@"${others.length === 0 ? '' : `; expected one of ${others.map((id) => `"${id}"`).join(', ')}`}` }]);
    return { units: f.units, chosen: [], choice: null };
  }
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const wanted = choices.map((): string[] => []);
  for (const o of options) {
    const want = optionKey(o);
    const k = choices.findIndex((c) => c.from.some((id) => id === want || optionKey(nameOf(id)) === want));
    if (k < 0) {
      const all = [...choices.flatMap((c) => c.from), ...others].map((id) => `"${id}"`);
      throw new InputError([{ file: `formation "${text}"`, path: '', message: `no option "${o}" to pick in formation "${f.id}"; expected one of ${all.join(', ')}` }]);
    }
    wanted[k]!.push(choices[k]!.from.find((id) => id === want || optionKey(nameOf(id)) === want)!);
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
  return { units, chosen: [...replace.values()].flat(), choice: said.join('; ') };
}

/**
 * The formation texts an audit evaluates: the formation as fielded by default (each choice's
 * first option, a "plus transport" formation with its transports), then each other option of
 * each choice on its own, then each alternative composition (formationAlternatives.ts), then a
 * "plus transport" formation on foot, then each other weapon of an either-or loadout
 * (weaponLoadout.ts). Larger sizes are not (the `+extra-<units>` upgrades of tp/formationSizes.ts,
 * `@big` and the like of formationSize.ts): the audit values the size the list fields by default.
 */
export function formationVariants(data: Dataset, armyId: string, formationId: string): string[] {
  const f = data.armies.get(armyId)?.formations.find((x) => x.id === formationId);
  if (f === undefined) return [];
  const base = `${armyId}/${formationId}`;
  const army = data.armies.get(armyId)!;
  const limited = variantOptions(army, f);
  const options = f.choices.filter((c) => defaultEntry(f, c) >= 0).flatMap((c) => c.from.slice(1));
  const ride = plusTransport(data, army, f, f.units, []);
  const transport = ride !== null && ride !== 'no-transport' && ride !== 'written-in' ? [ON_FOOT] : [];
  const loadouts = loadoutOptions(f.units.map((u) => data.units.get(u.unit)).filter((u) => u !== undefined)).filter((id) => !options.includes(id));
  const picks = options.map((o) => limited.get(o) ?? o).filter((o) => o !== '');
  const alternatives = (f.alternatives ?? []).map((a) => a.id);
  return [base, ...[...picks, ...alternatives, ...transport, ...loadouts].map((o) => `${base}@${o}`)];
}

/**
 * Options a formation may field only some of (formationSurcharges.ts: rare variants, "up to one
 * of which may be a Leman Russ Vanquisher"), as the audit fields them: as many as allowed, the
 * rest of the choice its first option (`leman-russ,leman-russ,...,leman-russ-vanquisher`); none
 * allowed: ''.
 */
function variantOptions(army: Army, f: Formation): Map<string, string> {
  const s = surchargesOf(army);
  const out = new Map<string, string>();
  const choices = f.choices.filter((c) => defaultEntry(f, c) >= 0 && isSurchargedChoice(s, c.from));
  const total = choices.reduce((t, c) => t + c.count, 0);
  const most = atMostOf([f.notes]);
  for (const c of choices) {
    for (const o of c.from.slice(1)) {
      const caps = [s.rare.has(o) ? rareAllowed(s, total) : null, most.get(o) ?? null].filter((k): k is number => k !== null);
      const k = Math.min(c.count, ...caps);
      if (k < c.count) out.set(o, k === 0 ? '' : [...Array<string>(c.count - k).fill(c.from[0]!), ...Array<string>(k).fill(o)].join(','));
    }
  }
  return out;
}
