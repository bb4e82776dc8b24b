import type { Dataset } from './dataset.js';
import { InputError } from './inputError.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import { ruleNote } from './ruleReach.js';
import type { Unit, UnitType, Upgrade } from './schema.js';

/**
 * A formation carried in planetfall pods (TP Dreadclaws, "Transport a formation containing only
 * infantry units and Chaos Dreadnoughts in Dreadclaws"; Red Corsairs Drop Pods, "... in Chaos Drop
 * Pods"): which formations the pods take, and what their landing does that the engagement model
 * leaves out. The pods are removed once the formation has disembarked (TP Dreadclaw, Chaos Drop
 * Pod), so they are never fielded; their price is the upgrade's, per unit (formationUpgrades.ts).
 */

type Pods = NonNullable<Upgrade['planetfallPods']>;

const CLASS_NAMES: Partial<Record<UnitType, string>> = { INF: 'infantry', LV: 'light vehicle', AV: 'armoured vehicle', WE: 'war engine' };

/** Whether the pods carry this unit: by its class, unless named as an exception, or by its id. */
export function podsCarry(pods: Pods, unit: Unit): boolean {
  return pods.units.includes(unit.id) || (pods.types.includes(unit.type) && !pods.except.includes(unit.id));
}

/** "infantry units (except Chaos Space Marine Bikes), Chaos Dreadnought, Chaos Siege Dreadnought". */
function whatPodsCarry(data: Dataset, pods: Pods): string {
  const nameOf = (id: string) => data.units.get(id)!.name;
  const except = pods.except.length > 0 ? ` (except ${pods.except.map(nameOf).join(', ')})` : '';
  const classes = pods.types.map((t) => `${CLASS_NAMES[t] ?? t} units${except}`);
  return [...classes, ...pods.units.map(nameOf)].join(', ');
}

/**
 * Refuses a formation with a unit the pods do not carry (a Rhino, a Land Raider, Obliterators in
 * a Chaos Drop Pod), naming each; a unit an earlier upgrade added counts like the others.
 */
export function boardPods(data: Dataset, units: ResolvedUnit[], upgrade: Upgrade, pods: Pods, text: string): void {
  const left = new Map<string, number>();
  for (const ru of units) if (!podsCarry(pods, ru.unit)) left.set(ru.unit.name, (left.get(ru.unit.name) ?? 0) + 1);
  if (left.size === 0) return;
  const podName = data.units.get(pods.pod)!.name;
  const fielded = [...left].map(([name, n]) => `${n} ${name}`).join(', ');
  throw new InputError([
    {
      file: `formation "${text}"`,
      path: '',
      message: `upgrade "${upgrade.name}" lands the formation in pods (${podName}) that carry only ${whatPodsCarry(data, pods)}; this formation also fields ${fielded} (leave out the upgrades that add them)`,
    },
  ]);
}

/**
 * The landing's rules, named with every run: the pod's abilities (planetfall) and the weapons it
 * fires as it lands (a Chaos Drop Pod's Deathwind), each by id so ruleReach.ts says why it acts
 * outside the engagements the model plays. Not its transport: the pods carry the formation only
 * to the ground, and are removed once it has disembarked.
 */
export function landingRules(data: Dataset, pods: Pods): string[] {
  const pod = data.units.get(pods.pod)!;
  return [
    ...pod.abilities.filter((a) => a !== 'transport').map((a) => ruleNote(pod.name, a)),
    ...pod.weapons.map((w) => ruleNote(pod.name, w.weapon)),
    ...pod.otherRules.map((r) => ruleNote(pod.name, r)),
  ];
}

/** What the upgrade charged (`charged` points for `unitCount` units) and what it does, for the formation's choice sentence. */
export function podsSentence(data: Dataset, upgrade: Upgrade, pods: Pods, charged: number, unitCount: number): string {
  const price = upgrade.perUnit === true ? `${unitCount} units at +${upgrade.points} points each (+${charged})` : `+${charged} points`;
  return `upgrade ${upgrade.name}: ${price}, the formation landing by planetfall in pods (${data.units.get(pods.pod)!.name}) removed once it has disembarked (not fielded)`;
}
