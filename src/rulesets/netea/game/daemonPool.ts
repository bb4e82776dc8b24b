import type { Dataset } from '../../../model/dataset.js';
import type { FormationSpec } from '../../../model/formationSpec.js';
import { newUnit, type ResolvedUnit } from '../../../model/resolvedUnit.js';
import type { Allegiance, Army, Summoning } from '../../../model/schema.js';
import { parseFormation, unsupportedRules } from '../../../model/formation.js';
import { takenOf } from '../model/roster/taken.js';
import type { DaemonPool, GameArmy } from './gameSpec.js';

/**
 * A Chaos army's Daemon Pool and summoners as a game fields them (TP Summoned Units; the list's
 * summoning table, schema.ts Summoning). The pool starts with a greater daemon marker for each
 * Greater Daemon upgrade the army bought, and a lesser one for each Lesser (Minor) Daemon upgrade
 * and each Daemonic Pact that "adds one lesser daemon to the Daemon Pool". Each formation with
 * Daemonic Pact gets places for the daemons it may summon, after its own units: one for each
 * greater daemon of its allegiance while the pool has a greater marker (only one of an
 * allegiance may be on the table), and for each lesser daemon as many as the pool has lesser
 * markers, and six more under Fickle Masters (two rewards of a D3); a formation that runs out of
 * places while it could summon more is named in the game's output (notPlayed.ts).
 *
 * Allegiance (TP Summoned Units: "The Chaos player must declare each formation's allegiance
 * before the battle"): the list's when it fixes it ("All formations in an Emperor's Children army
 * owe allegiance to Slaanesh"), the god in a formation's name ("Khorne Lord of Battles"), and
 * otherwise Chaos Undivided, the players' choice here: it summons "daemons of any allegiance", so
 * it may have a greater daemon of every god on the table at once, at the parenthesised cost for
 * the gods' lesser daemons.
 */

/** The most places a formation has for one lesser daemon. */
const MAX_LESSER_PLACES = 16;
/** Lesser markers Fickle Masters may add beyond the pool's start: places for two rewards of a D3. */
const FICKLE_PLACES = 6;

/** The Augmented Summoning a unit adds (TP Augmented Summoning (+x)), from its rules and its characters': a fixed number and a number of D3. */
export function augmented(ru: ResolvedUnit): { plus: number; dice: number } {
  let plus = 0;
  let dice = 0;
  for (const r of [...ru.unit.otherRules, ...ru.characters.flatMap((c) => c.otherRules)]) {
    const m = /^augmented-summoning-([0-9]+)(d3)?$/.exec(r);
    if (m === null) continue;
    if (m[2] !== undefined) dice += Number(m[1]);
    else plus += Number(m[1]);
  }
  return { plus, dice };
}

/** The most summoning points a formation can roll: 2D3 at 6, plus its units' Augmented Summoning at its highest. */
export function maxSummoningPoints(spec: FormationSpec): number {
  let n = 6;
  for (const ru of spec.units) {
    const a = augmented(ru);
    n += a.plus + 3 * a.dice;
  }
  return n;
}

/** The allegiance formation `formation` of a list with a summoning table owes (as fieldDaemons declares it). */
export function allegianceOf(s: Summoning, formation: string): Allegiance {
  return s.allegiance ?? s.formationAllegiance[formation] ?? 'undivided';
}

/** The fewest summoning points a greater daemon costs a formation of `allegiance` (Infinity: none it may summon). */
export function cheapestGreater(s: Summoning, allegiance: Allegiance): number {
  let best = Infinity;
  for (const d of s.daemons) {
    if (!d.greater || (d.allegiance !== 'any' && allegiance !== 'undivided' && d.allegiance !== allegiance)) continue;
    best = Math.min(best, allegiance === 'undivided' ? (d.undividedPoints ?? d.points) : d.points);
  }
  return best;
}

/** A formation of the army as its list file has it: the parsed formation, its id in the list and the upgrades it took. */
export interface PoolFormation {
  spec: FormationSpec;
  formation: string;
  upgrades: readonly string[];
}

/** The army's pool and its formations with their allegiance and, for those with Daemonic Pact, the daemons' places; the formations unchanged without a summoning table. */
export function fieldDaemons(data: Dataset, list: Army, formations: readonly PoolFormation[], armyUpgrades: readonly string[]): { formations: FormationSpec[]; pool?: DaemonPool } {
  const s = list.summoning;
  if (s === undefined) return { formations: formations.map((f) => f.spec) };
  const pacts = formations.map((f) => {
    const printed = s.pactFormations.find((p) => p.formation === f.formation);
    if (printed !== undefined) return { pact: true, addsLesser: printed.addsLesser };
    const bought = s.pactUpgrade !== undefined && f.upgrades.includes(s.pactUpgrade.upgrade);
    return { pact: bought, addsLesser: bought && s.pactUpgrade!.addsLesser };
  });
  const pool: DaemonPool = {
    lesser: armyUpgrades.filter((u) => u === s.poolUpgrades.lesser).length + pacts.filter((p) => p.addsLesser).length,
    greater: armyUpgrades.filter((u) => u === s.poolUpgrades.greater).length,
    fickleMasters: list.otherRules.includes('fickle-masters') || (list.rules as string[]).includes('fickle-masters'),
  };
  const lesserPlaces = Math.min(MAX_LESSER_PLACES, pool.lesser + (pool.fickleMasters ? FICKLE_PLACES : 0));
  const out = formations.map((f, i) => {
    const allegiance = allegianceOf(s, f.formation);
    if (!pacts[i]!.pact) return { ...f.spec, allegiance };
    const places: ResolvedUnit[] = [];
    for (const d of s.daemons) {
      if (d.allegiance !== 'any' && allegiance !== 'undivided' && d.allegiance !== allegiance) continue;
      const n = d.greater ? Math.min(1, pool.greater) : lesserPlaces;
      const points = allegiance === 'undivided' ? (d.undividedPoints ?? d.points) : d.points;
      const unit = data.units.get(d.unit)!;
      for (let k = 0; k < n; k++) places.push({ ...newUnit(data, unit), points: 0, summoned: { greater: d.greater, points, allegiance: d.allegiance } });
    }
    // Greater daemons' places first: the summoner spends its points on one before the lesser (summoning.ts).
    places.sort((a, b) => Number(b.summoned!.greater) - Number(a.summoned!.greater));
    // The daemons' own rules the engine does not play (the Keeper of Secrets' critical: "all summoned units within 5cm are
    // destroyed on a roll of 6+") are named with the formation's.
    const unsupported = [...new Set([...f.spec.unsupported, ...unsupportedRules(places)])].sort();
    return { ...f.spec, allegiance, daemonicPact: true, units: [...f.spec.units, ...places], unsupported };
  });
  return { formations: out, pool };
}

/** A Chaos army from formation texts of one list and its army upgrades (the Daemon Pool's markers), as a game fields it. */
export function summoningArmy(data: Dataset, list: Army, texts: readonly string[], armyUpgrades: readonly string[], name: string): GameArmy {
  const formations = texts.map((text): PoolFormation => {
    const taken = takenOf(data, list, text);
    return { spec: parseFormation(data, text), formation: taken.formation.id, upgrades: taken.upgrades.map((u) => u.offered.id) };
  });
  const { formations: fielded, pool } = fieldDaemons(data, list, formations, armyUpgrades);
  return { name, listId: list.id, strategyRating: list.strategyRating, formations: fielded, ...(pool !== undefined ? { daemonPool: pool } : {}) };
}
