import { join } from 'node:path';
import type { Battle } from '../../../model/battle.js';
import { parseEpic40kDetachment } from '../model/detachment.js';
import { epic40kData, loadEpic40kLists } from '../model/load.js';
import { epic40kWithCost } from '../model/withCost.js';
import type { FormationSpec } from '../../../model/formation.js';
import { InputError, type Problem } from '../../../model/inputError.js';
import { loadBattle, type LoadedBattle } from '../../../model/loadBattle.js';
import { projectRoot } from '../../../model/projectRoot.js';
import type { ValuePlan, ValueRun } from '../../../reports/value/formationValue.js';
import type { LossSlots } from '../../../scenarios/lossValue.js';
import { groupCompositions, type GroupComposition } from '../../../reports/value/groupCompositions.js';
import { sceneMeetingTask } from '../../../reports/value/sceneMeetingTask.js';
import type { ValueSlot } from '../../../reports/value/fixedPointCost.js';
import type { FormationRecordLayout } from '../../../sim/ruleset.js';
import { epic40kSceneEngagement, type Epic40kSceneSetup } from '../scenarios/battleScenes.js';
import type { Epic40kDetachment } from '../model/spec.js';

/**
 * A detachment's value under an Epic 40,000 battle file: the shared value
 * machinery (src/reports/value: points-matched groups, both initiatives, the
 * loss credits, parity, the sensitivity band) given Epic 40,000 scenes
 * (battleScenes.ts). The battle file has NetEA's schema (src/model/battle.ts);
 * under Epic 40,000 a scene's `action` is the shooters' orders (`advance`:
 * none, `sustained`: Overwatch, L928), its `cover` "obscured" is woods,
 * ruins or buildings (+1 infantry armour, column C, L948-956), and its field
 * is keyed by the BattleBible lists' data id.
 */

export const EPIC40K_BATTLE_FILE = 'battles/epic40k-reference.json';

export function epic40kBattlePath(): string {
  return join(projectRoot(), EPIC40K_BATTLE_FILE);
}

const asDetachment = (f: FormationSpec) => f as unknown as Epic40kDetachment;
/** The points the runs price every detachment at, as NetEA's planValue does: the fair cost never reads its cost. */
const NOMINAL_COST = 100;

/** What a battle file may not say under Epic 40,000, each naming the path in the file. */
function epic40kBattleProblems(loaded: LoadedBattle): Problem[] {
  const { file, battle } = loaded;
  const problems: Problem[] = [];
  battle.scenes.forEach((sc, i) => {
    if (sc.kind !== 'firefight' && sc.kind !== 'assault') problems.push({ file, path: `scenes[${i}].kind`, message: `"${sc.kind}" scenes are NetEA's aerospace; under --rules epic40k a scene is "firefight" or "assault" (flyers are not simulated)` });
    if (sc.action === 'double') problems.push({ file, path: `scenes[${i}].action`, message: 'under --rules epic40k a scene\'s action is the shooters\' orders: "advance" (no orders) or "sustained" (Overwatch, L928); a marching detachment may not shoot (L942)' });
    if (typeof sc.cover === 'object') problems.push({ file, path: `scenes[${i}].cover`, message: 'under --rules epic40k cover is "none" or "obscured" (woods, ruins or buildings: +1 infantry armour, L948-956); there are no cover saves' });
  });
  if (battle.initiative.value === 'strategy-roll') problems.push({ file, path: 'initiative.value', message: 'under --rules epic40k the initiative alternates: the BattleBible never says what the strategy rating is used for (L1464)' });
  if (battle.initiative.speedBy === 'charge') problems.push({ file, path: 'initiative.speedBy', message: 'under --rules epic40k a formation\'s speed is its move: "speedBy": "charge" is NetEA\'s (chargeSpeed.ts), not played in Epic 40,000' });
  if (battle.initiative.value === 'reach') problems.push({ file, path: 'initiative.value', message: 'under --rules epic40k the initiative alternates: "reach" is NetEA\'s (formationReach.ts), not played in Epic 40,000' });
  if (battle.field[epic40kData().id] === undefined) problems.push({ file, path: 'field', message: `no field for "${epic40kData().id}" (the Epic 40,000 lists); add one, its formations written as units ("imperium/10 Space Marines")` });
  return problems;
}

/** Reads a battle file for Epic 40,000 (default battles/epic40k-reference.json) and checks it can be played under its rules. */
export function loadEpic40kBattle(path?: string): LoadedBattle {
  const loaded = loadBattle(path ?? epic40kBattlePath());
  const problems = epic40kBattleProblems(loaded);
  if (problems.length > 0) throw new InputError(problems);
  return loaded;
}

/** The battle's field for the Epic 40,000 lists, as detachments (a problem names the entry). */
export function epic40kBattleField(loaded: LoadedBattle): Epic40kDetachment[] {
  const lists = loadEpic40kLists();
  const id = epic40kData().id;
  return loaded.battle.field[id]!.map((e, i) => {
    try {
      return parseEpic40kDetachment(lists, e.formation);
    } catch (err) {
      if (err instanceof InputError) throw new InputError([{ file: loaded.file, path: `field.${id}[${i}].formation`, message: err.problems.map((p) => p.message).join('; ') }]);
      throw err;
    }
  });
}

/** Where a detachment's outcome sits in a one-trial tally, with its points and strength (units; a war engine its Damage Capacity). */
function lossSlotsOf(block: FormationRecordLayout, d: Epic40kDetachment): LossSlots {
  const points = d.units.reduce((t, u) => t + (u.unit.points ?? 0), 0);
  const strength = d.units.reduce((t, u) => t + (u.unit.kind === 'war-engine' ? Math.max(1, u.unit.damageCapacity ?? 1) : 1), 0);
  return { broken: block.broken, destroyed: block.destroyed, bmSum: block.bmSum, pointsLostSum: block.pointsLostSum, points, strength };
}

function sceneSetup(scene: Battle['scenes'][number], initiative: 0 | 1): Epic40kSceneSetup {
  return {
    kind: scene.kind === 'assault' ? 'assault' : 'firefight',
    gap: scene.gap,
    turns: scene.turns,
    order: scene.action === 'sustained' ? 'overwatch' : 'none',
    cover: scene.cover === 'obscured' ? 1 : 0,
    initiative,
  };
}

/**
 * Every meeting of `formation` against the field under `battle`, as the
 * shared value machinery's plan (formationValue.ts planValue's counterpart):
 * detachments of the formation's own list are left out (unless
 * `includeOwnList`), groups are sized to the price being tried
 * (fixedPointCost.ts), every scene is played with each side holding the
 * initiative. The runs price the detachment at a nominal 100 points.
 */
export function planEpic40kValue(formation: FormationSpec, opponents: FormationSpec[], battle: Battle, run: ValueRun): ValuePlan {
  const own = asDetachment(formation);
  const priced = epic40kWithCost(own, NOMINAL_COST);
  const field = run.includeOwnList === true ? opponents : opponents.filter((o) => own.armyId === null || asDetachment(o).armyId !== own.armyId);
  field.forEach((o) => {
    if (o.points === null || o.points <= 0) throw new InputError([{ file: `detachment "${o.text}"`, path: '', message: 'the opponent has no points cost: one of its units is priced by no row of the detachment cards (docs/epic40k.md, Points)' }]);
  });
  const raided = battle.scenes.find((sc) => sc.airRaid);
  if (raided !== undefined) throw new InputError([{ file: `battle "${battle.name}"`, path: `scenes.${raided.id}.airRaid`, message: 'the Epic 40,000 staging plays no air raid (docs/fair-cost.md); give --battle a battle without one' }]);
  const credits = { broken: battle.value.brokenCredit.value, blastMarker: battle.value.blastMarkerCredit.value };
  const slots: ValueSlot[] = battle.scenes.flatMap((_, si) => [0, 1].map((initiative) => ({ scene: si, initiative: initiative as 0 | 1, defencePoints: 0, alone: false })));
  const tasksFor = (oi: number, { m, n }: GroupComposition) => {
    const o = field[oi]!;
    const groupA = Array.from({ length: m }, () => priced);
    const groupB = Array.from({ length: n }, () => asDetachment(o));
    return slots.map((slot) => {
      const scene = battle.scenes[slot.scene]!;
      const spec = epic40kSceneEngagement(groupA, groupB, sceneSetup(scene, slot.initiative));
      return sceneMeetingTask({ battle, sceneId: scene.id, initiative: slot.initiative, spec, groupA, groupB, lossSlotsOf, formationText: formation.text, opponentText: o.text, run, credits });
    });
  };
  return { formation, runCost: NOMINAL_COST, opponents: field, firstChances: field.map(() => 0.5), slots, compositions: groupCompositions(battle.maxGroup), tasksFor, kind: 'ground' };
}
