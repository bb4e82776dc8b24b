import { formationTextError } from './inputError.js';
import { ruleNote } from './ruleReach.js';
import { hasAbility, type ResolvedUnit } from './resolvedUnit.js';
import type { Upgrade } from './schema.js';
import type { FieldedPositions, FormationSpec } from './formationSpec.js';

const CLASS_NAMES = { INF: 'infantry', AV: 'armoured vehicle' } as const;

/**
 * Whether a unit is of the class the positions are bought for: infantry that are not mounted
 * (mounted infantry count as vehicles for terrain, RB 2.1.10), or armoured vehicles.
 */
function ofClass(ru: ResolvedUnit, type: NonNullable<Upgrade['positions']>['type']): boolean {
  return type === 'INF' ? ru.unit.type === 'INF' && !hasAbility(ru, 'mounted') : ru.unit.type === 'AV';
}

/**
 * The positions of the formation's upgrades, once every upgrade is applied ("one gun emplacement
 * for every armoured vehicle unit" counts the units it fields), or undefined when it bought none.
 * Who stands in them: one unit of the class per position, or, for a trench holding fewer than
 * the formation's infantry, its first infantry units front to back, the ones hits are allocated
 * to first (RB 1.9.6). The upgrade's points go to the units standing in them, as a surcharge goes
 * to the units it is for, so the points a formation loses with them count what was paid.
 */
export function fieldPositions(units: ResolvedUnit[], upgrades: Upgrade[], text: string): FieldedPositions | undefined {
  const bought = upgrades.filter((u) => u.positions !== undefined);
  if (bought.length === 0) return undefined;
  if (bought.length > 1) throw formationTextError(text, `upgrades ${bought.map((u) => `"${u.name}"`).join(' and ')} each buy fortified positions; a formation takes one (no Tournament Pack formation offers two)`);
  const upgrade = bought[0]!;
  const p = upgrade.positions!;
  const eligible = units.flatMap((ru, i) => (ofClass(ru, p.type) ? [i] : []));
  const capacity = p.holds ?? eligible.length;
  if (capacity === 0) throw formationTextError(text, `upgrade "${upgrade.name}" adds one ${p.position.replace('-', ' ')} for every ${CLASS_NAMES[p.type]} unit, and the formation fields none`);
  const inside = eligible.slice(0, capacity);
  for (const i of inside) units[i]!.points = (units[i]!.points ?? 0) + upgrade.points / inside.length;
  const said = p.holds === undefined ? `${capacity} ${p.position.replace('-', ' ')}${capacity === 1 ? '' : 's'}` : `a ${p.position.replace('-', ' ')} holding ${capacity} ${CLASS_NAMES[p.type]} units`;
  return { upgrade: upgrade.name, position: p.position, capacity, units: inside, said };
}

/** What a positions upgrade buys, as `list` prints it: "a gun emplacement for every armoured vehicle unit", "a trench holding 13 infantry units, razor-wire (not played)". */
export function describePositions(p: NonNullable<Upgrade['positions']>): string {
  const what = p.position.replace('-', ' ');
  const held = p.holds === undefined ? `a ${what} for every ${CLASS_NAMES[p.type]} unit` : `a ${what} holding ${p.holds} ${CLASS_NAMES[p.type]} units`;
  return [held, ...p.unplayed.map((r) => `${r} (not played)`)].join(', ');
}

/** Rule notes for what the positions' upgrades set up that no engagement plays (razor wire), named with every run. */
export function unplayedPositionNotes(upgrades: Upgrade[]): string[] {
  return upgrades.flatMap((u) => (u.positions?.unplayed ?? []).map((rule) => ruleNote(`upgrade ${u.name}`, rule)));
}

/** The formation's choice sentence for its positions: who stands in them, and when. */
export function positionsSentence(f: FieldedPositions, units: ResolvedUnit[]): string {
  const names = new Map<string, number>();
  for (const i of f.units) names.set(units[i]!.unit.name, (names.get(units[i]!.unit.name) ?? 0) + 1);
  const who = [...names].map(([name, n]) => `${n} ${name}`).join(', ');
  return `upgrade ${f.upgrade}: ${f.said}; ${who} stand in ${f.said.startsWith('a ') ? 'it' : 'them'} wherever the formation is placed without other cover and does not charge (TP Fortified Positions)`;
}

/** Notes for a run whose scenes the engine places (a battle): each formation that bought positions, who stands in them, and when. */
export function positionsNotes(formations: FormationSpec[]): string[] {
  return [...new Set(formations.flatMap((f) => (f.positions === undefined ? [] : [`${f.name}: ${positionsSentence(f.positions, f.units)}`])))];
}
