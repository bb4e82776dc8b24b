import type { Formation, UnitCount, Upgrade } from '../schema.js';
import { parseComposition, type NameGroups } from './armyText.js';
import type { UnitResolver } from './names.js';

/**
 * Upgrades that bring a formation of their own: the Tau Tiger Shark Squadron's "(add a Gun
 * Drone formation of six Gun Drones) (+100 points)". TP Tiger Shark Gun Drones: the Tiger Sharks
 * carry the drones, set them down after an approach move, and "After this initial deployment the
 * Gun Drones are a completely independent formation". The importer adds that formation to the
 * list, priced at the upgrade's points, so it is simulated and audited like any formation; the
 * upgrade names it (Upgrade.formation) and adds nothing to the formation that takes it.
 */

const ADDS_FORMATION = /^add\s+(?:a|an|one)\s+(.+?)\s+formation\s+of\s+(.+)$/i;

/** The formation an upgrade's text adds: its name as printed ("Gun Drone") and its units. */
export interface BroughtFormation {
  name: string;
  units: UnitCount[];
}

/** "add a Gun Drone formation of six Gun Drones" → the formation; null when the text adds no formation. */
export function parseBroughtFormation(text: string, resolver: UnitResolver, groups: NameGroups): { formation?: BroughtFormation; problems: string[] } | null {
  const m = ADDS_FORMATION.exec(text.trim());
  if (!m) return null;
  const c = parseComposition(m[2]!, resolver, groups);
  const problems = [...c.problems];
  if (c.choices.length > 0 || c.characters.length > 0) problems.push(`the formation "${m[2]}" is read as fixed units only`);
  if (c.units.length === 0 && problems.length === 0) problems.push(`no units in "${m[2]}"`);
  return problems.length > 0 ? { problems } : { formation: { name: m[1]!, units: c.units }, problems };
}

/**
 * The formation an upgrade of `owner` brings, as a formation of the list: `owner`'s id and the
 * brought units' ("tiger-shark-squadron-gun-drones"), the upgrade's points as its cost, and notes
 * that say where it comes from.
 */
export function broughtFormation(upgrade: Upgrade, brought: BroughtFormation, owner: Formation, kind: Formation['kind'], unitName: (id: string) => string): Formation {
  const first = brought.units[0]!.unit;
  return {
    id: `${owner.id}-${first}`,
    name: `${owner.name} ${unitName(first)}`,
    kind,
    units: brought.units,
    choices: [],
    upgrades: [],
    points: upgrade.points,
    limit: `one with each ${owner.name} that takes its upgrade`,
    notes: `the ${brought.name} formation a ${owner.name} brings with its upgrade "${upgrade.name}" (+${upgrade.points} points), a formation of its own: it comes carried by the ${owner.name} and is set down after its approach move, then is a completely independent formation (TP Tiger Shark Gun Drones)`,
  };
}
