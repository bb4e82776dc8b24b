import type { FormationSpec } from '../../../model/formation.js';
import { DEFAULT_GEOMETRY } from './engagements.js';
import { DEFAULT_OPTIONS, type CoverSpec, type EngagementSpec, type PlacedFormation, type Step } from './spec.js';

/**
 * The scenes of a battle file (src/model/battle.ts) as engagements between
 * two groups: side 0 holds `groupA` (copies of the formation being valued),
 * side 1 `groupB` (copies of an opponent). Each group stands in one line, all
 * its formations at the same distance from the enemy.
 */

export interface SceneSetup {
  kind: 'firefight' | 'assault';
  gap: number;
  action: 'advance' | 'double' | 'sustained';
  turns: number;
  cover: CoverSpec;
  /** The side holding the initiative: it shoots first, or it charges. */
  initiative: 0 | 1;
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
 * concentrates all its fire on it.
 */
function volley(own: number[], enemy: number[], action: SceneSetup['action'], names: string[]): Step[] {
  return own.map((by, i) => {
    const at = enemy[i % enemy.length]!;
    return { kind: 'shoot', label: `${names[by]} shoots ${names[at]}`, by, at, action, crossfire: false, barrage: true, test: true, retain: false };
  });
}

/** The engagement for one scene: side 0 is `groupA`, side 1 `groupB`. */
export function sceneEngagement(groupA: FormationSpec[], groupB: FormationSpec[], s: SceneSetup): EngagementSpec {
  const formations = [...place(groupA, 0, s.gap, s.cover), ...place(groupB, 1, s.gap, s.cover)];
  const names = formations.map((f) => `${f.formation.name} (${f.id})`);
  const sideA = groupA.map((_, i) => i);
  const sideB = groupB.map((_, i) => groupA.length + i);
  const [first, second] = s.initiative === 0 ? [sideA, sideB] : [sideB, sideA];
  const steps: Step[] = [];
  if (s.kind === 'firefight') {
    for (let turn = 1; turn <= s.turns; turn++) {
      steps.push(...volley(first, second, s.action, names), ...volley(second, first, s.action, names));
      steps.push({ kind: 'end-phase', label: `end phase, turn ${turn}` }, { kind: 'end-turn', label: `end of turn ${turn}` });
    }
  } else {
    // RB 1.10 / 1.12.4: the defender on overwatch fires at the chargers after their charge move.
    const attacker = first[0]!;
    const defender = second[0]!;
    steps.push({
      kind: 'assault',
      label: `${names[attacker]} assaults ${names[defender]}`,
      by: [attacker],
      at: [defender],
      support: [...first.slice(1), ...second.slice(1)],
      overwatch: [defender],
      test: true,
      retain: false,
    });
  }
  return { ruleset: 'netea', formations, steps, options: DEFAULT_OPTIONS };
}
