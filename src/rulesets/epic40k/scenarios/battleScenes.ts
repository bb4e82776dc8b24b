import { EPIC40K_RANK_WIDTH, EPIC40K_SPACING } from '../engine/engagements.js';
import { DEFAULT_EPIC40K_OPTIONS } from '../model/options.js';
import type { Epic40kDetachment, Epic40kOrder, Epic40kSpec, Epic40kStep, PlacedDetachment } from '../model/spec.js';

/**
 * The scenes of an Epic 40,000 battle file (battles/epic40k-reference.json,
 * read by src/rulesets/epic40k/reports/epic40kValuePlan.ts) as engagements between two
 * groups: side 0 holds `groupA` (copies of the detachment being valued), side
 * 1 `groupB` (copies of an opponent), each group in one line, all its
 * detachments at the same distance from the enemy.
 */

export interface Epic40kSceneSetup {
  kind: 'firefight' | 'assault';
  /** Distance between the front ranks at the start of the scene, cm. */
  gap: number;
  /** Turns of a firefight, each closed by the Rally Phase. */
  turns: number;
  /** Orders of every shooting detachment: none, or Overwatch (misses re-rolled, L928). */
  order: Extract<Epic40kOrder, 'none' | 'overwatch'>;
  /** The infantry armour bonus of the terrain both groups stand in (L948-956). */
  cover: 0 | 1 | 2;
  /** The side holding the initiative: it shoots first, or it assaults. */
  initiative: 0 | 1;
}

function place(group: Epic40kDetachment[], side: 0 | 1, gap: number, s: Epic40kSceneSetup, order: Epic40kOrder): PlacedDetachment[] {
  return group.map((formation, i) => ({
    id: `${side === 0 ? 'a' : 'b'}${i + 1}`,
    side,
    formation,
    front: gap / 2,
    rankWidth: EPIC40K_RANK_WIDTH,
    spacing: EPIC40K_SPACING,
    order,
    cover: s.cover,
    blastMarkers: 0,
    broken: false,
  }));
}

/** Every detachment of one side shoots: detachment i at enemy i mod n, so a side facing one detachment concentrates its fire on it. */
function volley(own: number[], enemy: number[], names: string[]): Epic40kStep[] {
  return own.map((by, i) => {
    const at = enemy[i % enemy.length]!;
    return { kind: 'shoot', label: `${names[by]} shoots ${names[at]}`, by, at };
  });
}

/**
 * The engagement for one scene. A firefight: each turn the side with the
 * initiative shoots, then the other side, then the Rally Phase (L1279-1308).
 * An assault: every detachment of the side with the initiative, on Assault
 * orders, charges from `gap` (L1160-1168) into one close combat with every
 * detachment of the other side, a firefight following (L1231-1261); the
 * defenders have no orders (overwatch fire at moving enemies is not
 * simulated, docs/epic40k.md).
 */
export function epic40kSceneEngagement(groupA: Epic40kDetachment[], groupB: Epic40kDetachment[], s: Epic40kSceneSetup): Epic40kSpec {
  const orderOf = (side: 0 | 1): Epic40kOrder => (s.kind === 'firefight' ? s.order : side === s.initiative ? 'assault' : 'none');
  const formations = [...place(groupA, 0, s.gap, s, orderOf(0)), ...place(groupB, 1, s.gap, s, orderOf(1))];
  const names = formations.map((f) => `${f.formation.name} (${f.id})`);
  const sideA = groupA.map((_, i) => i);
  const sideB = groupB.map((_, i) => groupA.length + i);
  const [first, second] = s.initiative === 0 ? [sideA, sideB] : [sideB, sideA];
  const steps: Epic40kStep[] = [];
  if (s.kind === 'firefight') {
    for (let turn = 1; turn <= s.turns; turn++) {
      steps.push(...volley(first, second, names), ...volley(second, first, names));
      steps.push({ kind: 'rally', label: `rally phase, turn ${turn}` }, { kind: 'end-turn', label: `end of turn ${turn}` });
    }
  } else {
    steps.push({ kind: 'assault', label: `${first.map((d) => names[d]).join(' + ')} assault ${second.map((d) => names[d]).join(' + ')}`, by: first, at: second, support: [] });
  }
  return { ruleset: 'epic40k', formations, steps, options: { ...DEFAULT_EPIC40K_OPTIONS } };
}
