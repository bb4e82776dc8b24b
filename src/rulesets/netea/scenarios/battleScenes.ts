import type { FormationSpec } from '../../../model/formation.js';
import { hasAntiAircraft } from '../../../model/flyingKind.js';
import { DEFAULT_GEOMETRY } from '../engine/engagements.js';
import { DEFAULT_OPTIONS, type CoverSpec, type EngagementSpec, type NeteaOptions, type PlacedFormation, type Step } from '../model/spec.js';

/**
 * The scenes of a battle file (src/model/battle.ts) as engagements between
 * two groups: side 0 holds `groupA` (copies of the formation being valued),
 * side 1 `groupB` (copies of an opponent). Each group stands in one line, all
 * its formations at the same distance from the enemy.
 */

export interface SceneSetup {
  kind: 'firefight' | 'assault' | 'air-attack' | 'orbital';
  /** Distance between the front ranks at the start of the scene, cm. */
  gap: number;
  /** Assaults: where a group that cannot charge from `gap` ends its approach, cm. */
  approachGap: number;
  action: 'advance' | 'double' | 'sustained';
  turns: number;
  cover: CoverSpec;
  /** The side holding the initiative: it shoots first, or it charges. */
  initiative: 0 | 1;
  /** Air attacks: flak formations of side 1 standing beside its group. */
  airDefence?: FormationSpec[];
  /** Firefights and assaults: aircraft formations of side 1 that open the scene with a ground attack on side 0 (airRaidSteps). */
  airRaid?: FormationSpec[];
  /** The engine's rules (default: the Tournament Pack's; rulesVariant.ts gives the 2004 rulebook's). */
  options?: NeteaOptions;
}

function place(group: FormationSpec[], side: 0 | 1, gap: number, cover: CoverSpec): PlacedFormation[] {
  return group.map((formation, i) => ({
    id: `${side === 0 ? 'a' : 'b'}${i + 1}`,
    side,
    formation,
    front: side === 0 ? 0 : gap,
    rankWidth: DEFAULT_GEOMETRY.rankWidth,
    spacing: DEFAULT_GEOMETRY.spacing,
    cover,
    blastMarkers: 0,
    broken: false,
  }));
}

/**
 * Every formation of one side shoots, each after its action test (RB 1.6.2):
 * formation i at enemy i mod n, so a side facing a single formation
 * concentrates all its fire on it. Those of `retiring` then move away from
 * the enemy side (ShootStep.retireFrom).
 */
function volley(own: number[], enemy: number[], action: SceneSetup['action'], names: string[], retiring: number[] = []): Step[] {
  return own.map((by, i) => {
    const at = enemy[i % enemy.length]!;
    return { kind: 'shoot', label: `${names[by]} shoots ${names[at]}`, by, at, action, crossfire: false, barrage: true, test: true, retain: false, ...(retiring.includes(by) ? { retireFrom: enemy } : {}) };
  });
}

/**
 * The formations of the side with the initiative that shoot and then move away in a firefight
 * (TP Hit & Run Tactics, Eldar and Dark Eldar: "may choose to shoot either before or after each
 * move"). Both sides are taken to stand at the gap when they shoot, each having used its move to
 * get there; with the initiative, an Eldar formation shoots at the gap and then makes its move
 * away, and the enemy, shooting second, uses its own advance move to close in again, so it shoots
 * back across the gap plus what its move leaves of the Eldar's (hitAndRun.ts). A sustained fire
 * action has no move. Shot first, a formation has nothing to gain by it: it shoots and moves as
 * before.
 */
function retiring(formations: PlacedFormation[], first: number[], action: SceneSetup['action']): number[] {
  if (action === 'sustained') return [];
  return first.filter((f) => formations[f]!.formation.rules.includes('hit-and-run-tactics'));
}

/**
 * Whether a formation can charge from `gap`: at least half its units reach
 * base contact with one charge move, their speed (twice it for infiltrators,
 * RB 2.1.4) covering the gap and their depth in the formation.
 */
export function canChargeFrom(f: FormationSpec, gap: number): boolean {
  let reach = 0;
  f.units.forEach((ru, i) => {
    const depth = Math.floor(i / DEFAULT_GEOMETRY.rankWidth) * DEFAULT_GEOMETRY.spacing;
    const move = (ru.unit.abilities as string[]).includes('infiltrator') ? 2 * ru.unit.speed : ru.unit.speed;
    if (move >= gap + depth) reach++;
  });
  return 2 * reach >= f.units.length;
}

/**
 * Where raiding aircraft make their attack from: 15 cm from the target, as the aircraft's own
 * air-attack scenes attack (battles/reference.json), where every weapon of a Thunderbolt reaches.
 */
export const AIR_RAID_GAP = 15;

/**
 * The air raid that opens a scene (RB 4.2.1-4.2.4; TP Aircraft Attacks, Flak Attacks): raider i,
 * after its action test (-1 per Blast marker, RB 4.2.7; a failure is a stand down), makes a ground
 * attack on formation i mod m of side 0. On the approach every formation of side 0 with AA weapons
 * within range of the attack position fires flak at it (a free attack, needing no action, RB 4.2.4),
 * then the aircraft left that did not jink attack with the normal shooting rules. No combat air
 * patrol: the valued side has no aircraft.
 */
function airRaidSteps(sideA: number[], raiders: number[], formations: PlacedFormation[], names: string[]): Step[] {
  const flak = sideA.filter((i) => hasAntiAircraft(formations[i]!.formation));
  return raiders.map((by, i): Step => {
    const at = sideA[i % sideA.length]!;
    return { kind: 'ground-attack', label: `${names[by]} air raid on ${names[at]}`, by, at, flak, cap: -1, test: true, retain: false };
  });
}

/**
 * The engagement for one scene: side 0 is `groupA`, side 1 `groupB`.
 *
 * An assault's attacker charges from `gap` when it can (canChargeFrom), the
 * defender on overwatch firing at it as it comes in. Otherwise it must close
 * first: a turn in which it doubles to `approachGap` and fires with the
 * double action's −1 to hit (RB 1.6), the defending group fires back at that
 * range, and the end phase rallies; it engages the next turn. So speed buys
 * an assault without a turn under fire.
 *
 * With `airRaid`, the raiding aircraft stand on side 1 after `groupB` (their losses are the
 * opponent side's) and open the scene (airRaidSteps) before either side acts.
 */
export function sceneEngagement(groupA: FormationSpec[], groupB: FormationSpec[], s: SceneSetup): EngagementSpec {
  if (s.kind === 'air-attack' || s.kind === 'orbital') return aerospaceScene(groupA, groupB, s);
  const attackerGroup = s.initiative === 0 ? groupA : groupB;
  const approach = s.kind === 'assault' && !canChargeFrom(attackerGroup[0]!, s.gap);
  const gap = approach ? s.approachGap : s.gap;
  const raid = place(s.airRaid ?? [], 1, AIR_RAID_GAP, { kind: 'none' }).map((f, i) => ({ ...f, id: `raid${i + 1}` }));
  const formations = [...place(groupA, 0, gap, s.cover), ...place(groupB, 1, gap, s.cover), ...raid];
  const names = formations.map((f) => `${f.formation.name} (${f.id})`);
  const sideA = groupA.map((_, i) => i);
  const sideB = groupB.map((_, i) => groupA.length + i);
  const raiders = raid.map((_, i) => groupA.length + groupB.length + i);
  const [first, second] = s.initiative === 0 ? [sideA, sideB] : [sideB, sideA];
  // The raid comes first whoever holds the initiative: it is the enemy's opening move, and the scene then plays as written.
  const steps: Step[] = airRaidSteps(sideA, raiders, formations, names);
  if (s.kind === 'firefight') {
    const retire = retiring(formations, first, s.action);
    for (let turn = 1; turn <= s.turns; turn++) {
      // Each turn starts with both sides at the gap again: what retired comes back.
      if (turn > 1) steps.push(...retire.map((f): Step => ({ kind: 'return', label: `${names[f]} comes back to the gap, turn ${turn}`, formation: f })));
      steps.push(...volley(first, second, s.action, names, retire), ...volley(second, first, s.action, names));
      steps.push({ kind: 'end-phase', label: `end phase, turn ${turn}` }, { kind: 'end-turn', label: `end of turn ${turn}` });
    }
  } else {
    const attacker = first[0]!;
    const defender = second[0]!;
    if (approach) {
      steps.push(...volley(first, second, 'double', names), ...volley(second, first, 'advance', names));
      steps.push({ kind: 'end-phase', label: 'end phase, turn 1' }, { kind: 'end-turn', label: 'end of turn 1' });
    }
    // RB 1.10 / 1.12.4: a defender on overwatch fires at the chargers after their charge move;
    // after an approach turn the defender has acted and is not on overwatch.
    steps.push({
      kind: 'assault',
      label: `${names[attacker]} assaults ${names[defender]}`,
      by: [attacker],
      at: [defender],
      support: [...first.slice(1), ...second.slice(1)],
      overwatch: approach ? [] : [defender],
      test: true,
      retain: false,
    });
  }
  return { ruleset: 'netea', formations, steps, options: s.options ?? DEFAULT_OPTIONS };
}

/**
 * An air-attack or orbital scene: side 0's group flies (aircraft or a
 * spacecraft), side 1's stands `gap` from its attack position. Aircraft
 * formation i makes a ground attack on opponent i mod n each turn, after its
 * action test (-1 per Blast marker, RB 4.2.7), through the flak of every
 * side-1 formation with AA weapons, the air defence included; the end phase
 * closes each turn (the opponents rally, the aircraft keep their markers).
 * A spacecraft attacks once, with no test: a failed one only delays it
 * (RB 4.3.2). The initiative changes nothing here (only flak answers an air
 * attack), so both plays are the same.
 */
function aerospaceScene(groupA: FormationSpec[], groupB: FormationSpec[], s: SceneSetup): EngagementSpec {
  const defence = s.kind === 'air-attack' ? (s.airDefence ?? []) : [];
  const formations = [...place(groupA, 0, 0, { kind: 'none' }), ...place([...groupB, ...defence], 1, s.gap, s.cover)];
  formations.forEach((f, i) => {
    if (i >= groupA.length + groupB.length) f.id = `defence${i - groupA.length - groupB.length + 1}`;
  });
  const names = formations.map((f) => `${f.formation.name} (${f.id})`);
  const sideA = groupA.map((_, i) => i);
  const targets = groupB.map((_, i) => groupA.length + i);
  const flak = formations.map((_, i) => i).filter((i) => i >= groupA.length && hasAntiAircraft(formations[i]!.formation));
  const steps: Step[] = [];
  if (s.kind === 'orbital') {
    steps.push(...sideA.map((by, i): Step => ({ kind: 'orbital', label: `${names[by]} orbital attack on ${names[targets[i % targets.length]!]}`, by, at: targets[i % targets.length]!, test: false, retain: false })));
  } else {
    for (let turn = 1; turn <= s.turns; turn++) {
      steps.push(...sideA.map((by, i): Step => ({ kind: 'ground-attack', label: `${names[by]} ground attack on ${names[targets[i % targets.length]!]}`, by, at: targets[i % targets.length]!, flak, cap: -1, test: true, retain: false })));
      steps.push({ kind: 'end-phase', label: `end phase, turn ${turn}` }, { kind: 'end-turn', label: `end of turn ${turn}` });
    }
  }
  return { ruleset: 'netea', formations, steps, options: s.options ?? DEFAULT_OPTIONS };
}
