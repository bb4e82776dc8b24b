import type { AssaultRecordLayout, FormationRecordLayout, RecordLayout, TallyLayout } from './ruleset.js';

/** Counters after the killed histogram: broken .. bmPlacedSumSq. */
const FORMATION_FIELDS = 10;
const ASSAULT_FIELDS = 6;

/**
 * The tally layout of an engagement in any rule system: a record after every
 * step, a block per formation (its units' killed histogram, then broken,
 * destroyed and the sums of Blast markers, points lost, war-engine damage and
 * markers placed), one more block for assault steps. Built from the plain
 * shape every system's spec shares, so the aggregators, reports and JSON read
 * each system's results alike.
 */
export function engagementTallyLayout(spec: { formations: ReadonlyArray<{ formation: { units: ArrayLike<unknown> } }>; steps: ReadonlyArray<{ kind: string; label: string }> }): TallyLayout {
  let offset = 1;
  const records: RecordLayout[] = [];
  let turn = 1;
  spec.steps.forEach((step, i) => {
    const formations: FormationRecordLayout[] = spec.formations.map((f) => {
      const units = f.formation.units.length;
      const block: FormationRecordLayout = {
        killedHistogram: offset,
        units,
        broken: offset + units + 1,
        destroyed: offset + units + 2,
        bmSum: offset + units + 3,
        bmSumSq: offset + units + 4,
        pointsLostSum: offset + units + 5,
        pointsLostSumSq: offset + units + 6,
        damageSum: offset + units + 7,
        damageSumSq: offset + units + 8,
        bmPlacedSum: offset + units + 9,
        bmPlacedSumSq: offset + units + 10,
      };
      offset += units + 1 + FORMATION_FIELDS;
      return block;
    });
    let assault: AssaultRecordLayout | undefined;
    if (step.kind === 'assault') {
      assault = { attackerWins: offset, defenderWins: offset + 1, noResult: offset + 2, roundsSum: offset + 3, roundsSumSq: offset + 4, fought: offset + 5 };
      offset += ASSAULT_FIELDS;
    }
    records.push({ label: step.label, step: i, turn, formations, ...(assault ? { assault } : {}) });
    if (step.kind === 'end-turn') turn++;
  });
  return { length: offset, records };
}
