import type { Dataset } from './dataset.js';
import { parseFormation, type FormationSpec } from './formation.js';
import { flyingKind } from './flyingKind.js';
import { InputError } from './inputError.js';
import type { LoadedBattle } from './loadBattle.js';

/**
 * A battle's field, air defence and air raid for a data set, as formations. No Node
 * module: the playground values formations against the same field. A battle
 * written for one version of the Tournament Pack meets checkouts of others:
 * the formations a version lacks are returned as a note for the caller to
 * show (stderr on the command line, the page beside its result).
 */

export interface BattleFormations {
  specs: FormationSpec[];
  /** "the data set … lacks …; the field is the other …", or null when it lacks none. */
  note: string | null;
}

/**
 * The field of a battle for a data set (an InputError when the battle has none for it).
 * `instead` is what the message suggests besides adding one: how the caller's user names the opponents
 * another way (the audit has no other way, so by default a battle file that has one).
 */
export function battleFieldOf(data: Dataset, loaded: LoadedBattle, instead = 'or give --battle a battle file that has one'): BattleFormations {
  const entries = loaded.battle.field[data.id];
  if (entries === undefined) {
    throw new InputError([{ file: loaded.file, path: 'field', message: `no field for data set "${data.id}" (the battle has fields for ${Object.keys(loaded.battle.field).join(', ')}); add one, ${instead}` }]);
  }
  return battleFormations(data, loaded, 'field', entries);
}

/** The battle's air-defence formations for a data set (none when it names none). */
export function battleAirDefenceOf(data: Dataset, loaded: LoadedBattle): BattleFormations {
  return battleFormations(data, loaded, 'airDefence', loaded.battle.airDefence[data.id] ?? []);
}

/** The battle's raiding aircraft for a data set (none when it names none): every one must be an aircraft formation. */
export function battleAirRaidOf(data: Dataset, loaded: LoadedBattle): BattleFormations {
  const raid = battleFormations(data, loaded, 'airRaid', loaded.battle.airRaid[data.id] ?? []);
  raid.specs.forEach((f) => {
    if (flyingKind(f) !== 'aircraft') throw new InputError([{ file: loaded.file, path: `airRaid.${data.id}`, message: `"${f.text}" is not an aircraft formation; an air raid is flown by aircraft (RB 4.2)` }]);
  });
  return raid;
}

/** Does the data set have the army list and formation a battle's entry names ("army/formation+upgrade@option")? */
function hasFormation(data: Dataset, text: string): boolean {
  const [army, formation] = text.split(/[+@]/)[0]!.split('/');
  return data.armies.get(army ?? '')?.formations.some((f) => f.id === formation) === true;
}

/** The field and air-defence formations of the battle the data set lacks (the field is the rest: battleFormations). */
export function fieldLacking(data: Dataset, loaded: LoadedBattle): string[] {
  // Epic 40,000's data (a BattleBible catalogue, no army map) fields its battle from its own units.
  if (!(data.armies instanceof Map)) return [];
  return [...(loaded.battle.field[data.id] ?? []), ...(loaded.battle.airDefence[data.id] ?? []), ...(loaded.battle.airRaid[data.id] ?? [])].map((e) => e.formation).filter((f) => !hasFormation(data, f));
}

/** The most of a battle's field or air defence a data set may lack, the rest standing for it (docs/fair-cost.md). */
const MOST_LACKING = 0.25;

/**
 * A battle's formations for a data set. When the data set lacks a few of them (at most a quarter),
 * the rest stand for them and the note names the lacking ones (so do the audit's report and
 * `--history`); when it lacks more, they are named together in one problem, the whole list.
 */
function battleFormations(data: Dataset, loaded: LoadedBattle, key: 'field' | 'airDefence' | 'airRaid', entries: Array<{ formation: string }>): BattleFormations {
  const specs: FormationSpec[] = [];
  const lacking: string[] = [];
  for (const [i, e] of entries.entries()) {
    try {
      specs.push(parseFormation(data, e.formation));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      if (hasFormation(data, e.formation)) throw new InputError([{ file: loaded.file, path: `${key}.${data.id}[${i}].formation`, message: err.problems.map((p) => p.message).join('; ') }]);
      lacking.push(e.formation);
    }
  }
  const what = key === 'field' ? 'field' : key === 'airDefence' ? 'air defence' : 'air raid';
  if (lacking.length > MOST_LACKING * entries.length) {
    throw new InputError([{ file: loaded.file, path: `${key}.${data.id}`, message: `the data set ${data.id} lacks ${lacking.length} of the ${entries.length} formations the battle's ${what} names (${lacking.join(', ')}); give --battle a battle whose ${what} names formations of this data set` }]);
  }
  const note = lacking.length > 0 ? `the data set ${data.id} lacks ${lacking.length} of the ${entries.length} formations the battle's ${what} names (${lacking.join(', ')}); the ${what} is the other ${specs.length}` : null;
  return { specs, note };
}
