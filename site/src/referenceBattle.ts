import reference from '../../battles/reference.json' with { type: 'json' };
import { Battle } from '../../src/model/battle.js';
import type { LoadedBattle } from '../../src/model/loadBattle.js';

/**
 * The reference battle the page values formations in: battles/reference.json,
 * bundled into main.js and read by the same zod schema as `loadBattle`. Its
 * file is named as the command line names the shipped battle (its path in the
 * package), so `fair-cost --json` and the page's JSON name the same file.
 */

let loaded: LoadedBattle | undefined;

export function referenceBattle(): LoadedBattle {
  loaded ??= { file: 'battles/reference.json', battle: Battle.parse(reference) };
  return loaded;
}
