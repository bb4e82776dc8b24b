import type { Battle } from '../../model/battle.js';
import type { LossCredits, LossSlots } from '../../scenarios/lossValue.js';
import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { ValueMeetingTask } from '../../run/valueMeeting.js';
import { engagementTallyLayout } from '../../sim/engagementTallyLayout.js';
import type { FormationRecordLayout } from '../../sim/ruleset.js';

/** One play of a battle's scene between m copies of the valued formation (side A) and n of an opponent (side B), staged by a rule system. */
export interface ScenePlay<F> {
  battle: Pick<Battle, 'name' | 'version'>;
  sceneId: string;
  /** The side that acts first in the scene: 0 for A, 1 for B. */
  initiative: 0 | 1;
  spec: ScenarioSpec;
  groupA: readonly F[];
  groupB: readonly F[];
  /** Aircraft of side B's that open the scene with an air raid, placed after `groupB`: their losses count with side B's. */
  raiders?: readonly F[];
  /** Where a formation's losses are counted in the scene's last record, in its points. */
  lossSlotsOf: (record: FormationRecordLayout, formation: F) => LossSlots;
  formationText: string;
  opponentText: string;
  run: { seed: string; trials: number; chunkSize: number };
  credits: LossCredits;
}

/**
 * The meeting a fair cost in a battle runs for one play of a scene: its dice named by the battle,
 * the scene, who acts first and the two groups, so that every rule system's plan names them alike;
 * side A's loss counted in copies of the formation (lossUnit: one copy's points).
 */
export function sceneMeetingTask<F>(play: ScenePlay<F>): ValueMeetingTask {
  const { spec, groupA, groupB, lossSlotsOf } = play;
  const last = engagementTallyLayout(spec).records.at(-1)!;
  const sideA = groupA.map((f, i) => lossSlotsOf(last.formations[i]!, f));
  return {
    spec,
    seed: play.run.seed,
    scenario: `battle:${play.battle.name}@${play.battle.version}`,
    matchup: `${play.sceneId}|${play.initiative === 0 ? 'A' : 'B'} first|${groupA.length}x ${play.formationText} vs ${groupB.length}x ${play.opponentText}`,
    trials: play.run.trials,
    chunkSize: play.run.chunkSize,
    sideA,
    sideB: [...groupB, ...(play.raiders ?? [])].map((f, i) => lossSlotsOf(last.formations[groupA.length + i]!, f)),
    lossUnit: sideA[0]!.points,
    credits: play.credits,
  };
}
