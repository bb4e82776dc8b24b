import type { Dataset } from './dataset.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import { ruleNote } from './ruleReach.js';
import type { Army } from './schema.js';

/**
 * Army- and force-level rules (the Tournament Pack's army special rules and
 * the forces' technology rules) that the simulator does not model, named
 * with every run like unit rules are. A few change nothing in an
 * engagement, or are modelled elsewhere: those are listed here with why; every
 * other rule, known or not, is named as one that may change a result.
 */

/** Modelled by other means: the rule's effect is in the units' data or the formation's fielding. */
const MODELLED: Record<string, string> = {
  'power-fields': 'each unit\'s power fields (RB 5.5.3)',
  'imperial-void-shields': 'each unit\'s void shields (RB 3.3)',
  'weapon-mount': 'titan weapon mounts, filled by upgrades',
  'space-marine-transports': '"plus transport" formations fielded with their Rhinos',
  'imperial-fists-transport': '"plus transport" formations fielded with their Rhinos',
  'raven-guard-transport': '"plus transport" formations fielded with their Rhinos',
  'scions-of-iron-transports': '"plus transport" formations fielded with their Rhinos',
  'space-wolves-transport': '"plus transport" formations fielded with their Rhinos',
  'white-scars-transport': '"plus transport" formations fielded with their Rhinos, Terminators with their Land Raiders',
  'deathwatch-transports': '"plus transport" formations fielded with their Rhinos',
  'dark-eldar-transport': '"plus transport" formations fielded with their Raiders',
  'knight-technology': 'each unit\'s Knight Shield, and the Power and Shock Lances usable only by a formation that engaged (WeaponMode.engageOnly)',
  'xeno-sociology': 'each unit\'s Brood and Synapse, and swarming (swarming.ts)',
};

/**
 * Rules of list building, deployment, terrain or victory: nothing in an engagement depends on
 * them. Transport allowances are not among them: issue 16 asks that each be named.
 */
const NO_ENGAGEMENT_EFFECT = new Set([
  'two-support-formations-per-company',
  'up-to-three-company-upgrades',
  'allies-up-to-a-third',
  'big-and-uge-formations',
  'aircraft-and-gargants-up-to-a-third',
  'regimental-hqs',
  'may-not-garrison',
  'trail-blazing',
  'vanguard-organisms',
  'amphibious',
]);

const unitRulesByDataset = new WeakMap<Dataset, Set<string>>();

/**
 * The rules some unit of the data set carries itself (abilities, unit rules). A force lists
 * them too, as a glossary (the Skitarii's automaton, the Imperial Fists' automata): they are
 * played, or named, on the units that carry them, not on every formation of the force.
 */
function unitRules(data: Dataset): Set<string> {
  let rules = unitRulesByDataset.get(data);
  if (rules === undefined) {
    rules = new Set([...data.units.values()].flatMap((u) => [...u.abilities, ...u.otherRules]));
    unitRulesByDataset.set(data, rules);
  }
  return rules;
}

/** Army rules the engine plays (schema.ts ArmyRule) only in part: named like the others, with what is left out (ruleReach.ts). */
const PLAYED_IN_PART = new Set<string>(['hit-and-run-tactics']);

/** What the formation's army and forces carry that is not simulated: named rules that may change a result. */
export function armyRulesNotModelled(data: Dataset, units: ResolvedUnit[], army: Army | null): string[] {
  const out = new Set<string>();
  const carried = unitRules(data);
  const add = (owner: string, rule: string) => {
    if (MODELLED[rule] !== undefined || NO_ENGAGEMENT_EFFECT.has(rule) || carried.has(rule)) return;
    out.add(ruleNote(owner, rule, true));
  };
  if (army !== null) for (const r of army.otherRules) add(army.name, r);
  for (const ru of units) {
    const force = army?.forces?.map((id) => data.forces.get(id)).find((f) => f?.units.includes(ru.unit.id)) ?? data.unitForce.get(ru.unit.id);
    for (const r of [...(force?.otherRules ?? []), ...(force?.rules ?? []).filter((x) => PLAYED_IN_PART.has(x))]) add(force!.name, r);
  }
  return [...out].sort();
}

/** The army-level rules named as changing nothing in an engagement, for the docs and tests. */
export const ARMY_RULES_WITHOUT_ENGAGEMENT_EFFECT = [...NO_ENGAGEMENT_EFFECT];
export const ARMY_RULES_MODELLED_ELSEWHERE = MODELLED;
