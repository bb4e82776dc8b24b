import type { FormationSpec } from '../../../../model/formation.js';
import { rngFromSeed } from '../../../../sim/rng.js';
import { FreshAssaults, type NeteaOptions } from '../engine.js';

/** Assaults the engine fights to reckon each charge's odds. */
export const TRIALS_PER_PAIR = 100;
/** Charges that reach (from 5 cm: every charger gets into contact), and charges that end 10 cm short (a firefight). */
const CONTACT_GAP = 5;
const SHORT_BY = 10;

/**
 * The odds kept per thread, by pair of formations: a pair's odds depend on the two formations
 * and the engine's options alone (never on the armies around them, the policies or the run's
 * seed), so each pair is fought once per thread and shared by every game and army that fields
 * both, as a round robin's pairs of armies do (docs/game.md, "Cost").
 */
const formationIds = new Map<string, number>();
const formationKeys: string[] = [];
/** Pair (i, j), i's key before j's: at pairSlot.get(i * MAX_FORMATIONS + j), four odds (pairOdds below). */
const pairSlot = new Map<number, number>();
let store = new Float64Array(4 * 1024);
/** Distinct formations a thread keeps (a full round robin of the TP at two armies a list fields about 500); past it the tables start afresh. */
const MAX_FORMATIONS = 4096;

/** What the engine's assault depends on: everything but the formation's name, points and notes. */
function formationKey(f: FormationSpec, options: NeteaOptions): string {
  return JSON.stringify([f.text, f.units, f.rules, f.initiative, f.strategyRating, f.positions ?? null, options]);
}

function idOf(key: string): number {
  let id = formationIds.get(key);
  if (id === undefined) {
    if (formationKeys.length >= MAX_FORMATIONS) {
      formationIds.clear();
      formationKeys.length = 0;
      pairSlot.clear();
    }
    id = formationKeys.length;
    formationIds.set(key, id);
    formationKeys.push(key);
  }
  return id;
}

/** The charge move of the formation's slowest unit, on foot (the reckoning ignores transports and infiltrators). */
function chargeOf(f: FormationSpec): number {
  let charge = Infinity;
  for (const u of f.units) charge = Math.min(charge, u.unit.speed);
  return charge;
}

/**
 * Four odds of a pair of formations, a before b (by their keys, so the pair is fought the same
 * way whichever army fields which): a charging b from 5 cm, a charging b from 10 cm beyond its
 * charge move, b charging a likewise; each the share of TRIALS_PER_PAIR assaults the charger
 * wins, from a generator seeded by the two formations' texts alone. Returns the slot in `store`.
 */
function pairOdds(a: FormationSpec, b: FormationSpec, ia: number, ib: number, options: NeteaOptions): number {
  const key = ia * MAX_FORMATIONS + ib;
  const known = pairSlot.get(key);
  if (known !== undefined) return known;
  const slot = 4 * pairSlot.size;
  if (slot + 4 > store.length) {
    const grown = new Float64Array(2 * store.length);
    grown.set(store);
    store = grown;
  }
  const fight = new FreshAssaults(a, b, options);
  if (!fight.aerospace) {
    const rng = rngFromSeed(`assault odds\u0000${a.text}\u0000${b.text}`);
    store[slot] = fight.attackerWins(0, CONTACT_GAP, TRIALS_PER_PAIR, rng) / TRIALS_PER_PAIR;
    store[slot + 1] = fight.attackerWins(0, chargeOf(a) + SHORT_BY, TRIALS_PER_PAIR, rng) / TRIALS_PER_PAIR;
    store[slot + 2] = fight.attackerWins(1, CONTACT_GAP, TRIALS_PER_PAIR, rng) / TRIALS_PER_PAIR;
    store[slot + 3] = fight.attackerWins(1, chargeOf(b) + SHORT_BY, TRIALS_PER_PAIR, rng) / TRIALS_PER_PAIR;
  } else {
    store.fill(0, slot, slot + 4);
  }
  pairSlot.set(key, slot);
  return slot;
}

/**
 * A player's reckoning of its assaults (docs/game.md, "Players"): for every formation f of one
 * army and every formation t of the other, the chance that f, fresh, charging t, fresh, wins the
 * assault, as the engine fights it (TRIALS_PER_PAIR assaults, the two alone, no supporting
 * fire): at index f * n + t a charge from 5 cm (every charger in contact), at n * n + f * n + t
 * one that ends 10 cm short of t (a firefight); 0 for aircraft and spacecraft, which neither
 * charge nor are charged. The player scales it in play by the formations' losses, Blast markers
 * and supporters. `forms` as the game fields them (with their army's strategy rating).
 */
export function assaultOdds(forms: readonly FormationSpec[], sides: readonly number[], options: NeteaOptions): Float64Array {
  const n = forms.length;
  const keys = forms.map((f) => formationKey(f, options));
  const ids = keys.map(idOf);
  const odds = new Float64Array(2 * n * n);
  for (let f = 0; f < n; f++) {
    for (let t = 0; t < n; t++) {
      if (sides[t] === sides[f]) continue;
      const fFirst = keys[f]! <= keys[t]!;
      const slot = fFirst ? pairOdds(forms[f]!, forms[t]!, ids[f]!, ids[t]!, options) : pairOdds(forms[t]!, forms[f]!, ids[t]!, ids[f]!, options);
      odds[f * n + t] = store[slot + (fFirst ? 0 : 2)]!;
      odds[n * n + f * n + t] = store[slot + (fFirst ? 1 : 3)]!;
    }
  }
  return odds;
}
