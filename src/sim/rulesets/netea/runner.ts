import type { Sfc32 } from '../../rng.js';
import { rollDice } from '../../diceExpr.js';
import { TRIALS, type TallyLayout, type TrialRunner } from '../../ruleset.js';
import * as C from './codes.js';
import { Engagement } from './engagement.js';
import { shoot } from './shoot.js';
import type { ActionName, EngagementSpec } from './spec.js';
import { neteaTallyLayout } from './tallyLayout.js';

/** Tally offsets per (step, formation): histogram, broken, destroyed, then the sums as in FormationRecordLayout. */
const OFFSET_FIELDS = 11;

const STEP_SHOOT = 0;
const STEP_END_TURN = 1;

export function actionCode(action: ActionName): number {
  switch (action) {
    case 'advance': return C.ACTION_ADVANCE;
    case 'double': return C.ACTION_DOUBLE;
    case 'sustained': return C.ACTION_SUSTAINED;
    case 'marshal': return C.ACTION_MARSHAL;
    case 'overwatch': return C.ACTION_OVERWATCH;
    case 'hold': return C.ACTION_HOLD;
    case 'engage': return C.ACTION_ENGAGE;
  }
}

/**
 * Runs a NetEA engagement script trial after trial. The spec is compiled once;
 * a trial resets the state arrays from the starting values, runs the steps and
 * adds the outcome after each step to the tally. No allocation per trial.
 */
export class NeteaRunner implements TrialRunner {
  readonly layout: TallyLayout;
  readonly e: Engagement;
  private readonly stepKind: Int32Array;
  private readonly stepBy: Int32Array;
  private readonly stepAt: Int32Array;
  private readonly stepAction: Int32Array;
  private readonly stepCrossfire: Uint8Array;
  private readonly stepBarrage: Uint8Array;
  private readonly hasPowerFields: boolean;
  private readonly hasLimitedWeapons: boolean;
  private readonly offsets: Int32Array;

  constructor(spec: EngagementSpec) {
    this.e = new Engagement(spec);
    this.layout = neteaTallyLayout(spec);
    const n = spec.steps.length;
    this.stepKind = new Int32Array(n);
    this.stepBy = new Int32Array(n);
    this.stepAt = new Int32Array(n);
    this.stepAction = new Int32Array(n);
    this.stepCrossfire = new Uint8Array(n);
    this.stepBarrage = new Uint8Array(n);
    spec.steps.forEach((s, i) => {
      switch (s.kind) {
        case 'shoot':
          this.stepKind[i] = STEP_SHOOT;
          this.stepBy[i] = s.by;
          this.stepAt[i] = s.at;
          this.stepAction[i] = actionCode(s.action);
          this.stepCrossfire[i] = s.crossfire ? 1 : 0;
          this.stepBarrage[i] = s.barrage ? 1 : 0;
          break;
        case 'end-turn':
          this.stepKind[i] = STEP_END_TURN;
          break;
        default:
          throw new Error(`step kind "${s.kind}" is not supported yet`);
      }
    });
    const e = this.e;
    let pf = false;
    for (let u = 0; u < e.nUnits; u++) if (e.uPfN[u]! + e.uPfPlus[u]! > 0) pf = true;
    this.hasPowerFields = pf;
    let limited = false;
    for (let l = 0; l < e.nLines; l++) if ((e.wFlags[l]! & (C.W_SINGLE_SHOT | C.W_SLOW_FIRING)) !== 0) limited = true;
    this.hasLimitedWeapons = limited;
    this.offsets = new Int32Array(n * e.nFormations * OFFSET_FIELDS);
    this.layout.records.forEach((rec, r) =>
      rec.formations.forEach((L, f) => {
        const fields = [L.killedHistogram, L.broken, L.destroyed, L.bmSum, L.bmSumSq, L.pointsLostSum, L.pointsLostSumSq, L.damageSum, L.damageSumSq, L.bmPlacedSum, L.bmPlacedSumSq];
        this.offsets.set(fields, (r * e.nFormations + f) * OFFSET_FIELDS);
      }),
    );
    // Every unit starts dirty so the first reset initialises it.
    for (let u = 0; u < e.nUnits; u++) e.dirtyList[e.nDirty++] = u;
    for (let u = 0; u < e.nUnits; u++) e.dirtyFlag[u] = 1;
  }

  run(rng: Sfc32, trials: number, tally: Float64Array): void {
    const steps = this.stepKind.length;
    for (let t = 0; t < trials; t++) {
      this.reset(rng);
      for (let s = 0; s < steps; s++) {
        this.step(s, rng);
        this.record(s, tally);
      }
    }
    tally[TRIALS]! += trials;
  }

  private step(s: number, rng: Sfc32): void {
    const e = this.e;
    switch (this.stepKind[s]) {
      case STEP_SHOOT:
        shoot(e, this.stepBy[s]!, this.stepAt[s]!, this.stepAction[s]!, this.stepCrossfire[s] === 1, this.stepBarrage[s] === 1, rng);
        break;
      case STEP_END_TURN:
        e.turn++;
        break;
    }
  }

  /**
   * Starting state for a trial: units changed in the last trial are restored,
   * formations reset, power fields rolled afresh (RB 5.5.3).
   */
  private reset(rng: Sfc32): void {
    const e = this.e;
    for (let i = 0; i < e.nDirty; i++) {
      const u = e.dirtyList[i]!;
      e.dirtyFlag[u] = 0;
      e.stAlive[u] = 1;
      e.stDC[u] = e.uStartDC[u]!;
      e.stShields[u] = e.uShields[u]!;
      e.stToHitPenalty[u] = 0;
      e.stCritCount[u] = 0;
      e.stReactor[u] = 0;
      e.stFires[u] = 0;
      e.stDamageTaken[u] = 0;
    }
    e.nDirty = 0;
    if (this.hasPowerFields) {
      for (let u = 0; u < e.nUnits; u++) {
        if (e.uPfN[u]! + e.uPfPlus[u]! > 0) e.stShields[u] = rollDice(rng, e.uPfN[u]!, e.uPfSides[u]!, e.uPfPlus[u]!);
      }
    }
    if (this.hasLimitedWeapons) {
      for (let l = 0; l < e.nLines; l++) {
        e.stSingleShotUsed[l] = 0;
        e.stLastFired[l] = -10;
      }
    }
    for (let f = 0; f < e.nFormations; f++) {
      e.fBm[f] = e.fBmStart[f]!;
      e.fBroken[f] = e.fBrokenStart[f]!;
      e.fFront[f] = e.fFrontStart[f]!;
      e.fBmPlaced[f] = 0;
      e.fPendingBm[f] = 0;
      e.fAlive[f] = e.fUnitEnd[f]! - e.fUnitStart[f]!;
      e.fBreakWeight[f] = e.fStartBreakWeight[f]!;
      e.fMinDepth[f] = e.fStartMinDepth[f]!;
      e.fMinDepthCount[f] = e.fStartMinDepthCount[f]!;
      e.fPointsLost[f] = 0;
      e.fDamage[f] = 0;
    }
    e.turn = 1;
  }

  /** Adds each formation's state after step s to the tally, from the running totals. */
  private record(s: number, tally: Float64Array): void {
    const e = this.e;
    const nF = e.nFormations;
    const off = this.offsets;
    for (let f = 0; f < nF; f++) {
      const o = (s * nF + f) * OFFSET_FIELDS;
      const alive = e.fAlive[f]!;
      tally[off[o]! + e.fUnitEnd[f]! - e.fUnitStart[f]! - alive]!++;
      if (e.fBroken[f] === 1) tally[off[o + 1]!]!++;
      if (alive === 0) tally[off[o + 2]!]!++;
      const bm = e.fBm[f]!;
      tally[off[o + 3]!]! += bm;
      tally[off[o + 4]!]! += bm * bm;
      const points = e.fPointsLost[f]!;
      tally[off[o + 5]!]! += points;
      tally[off[o + 6]!]! += points * points;
      const damage = e.fDamage[f]!;
      tally[off[o + 7]!]! += damage;
      tally[off[o + 8]!]! += damage * damage;
      const placed = e.fBmPlaced[f]!;
      tally[off[o + 9]!]! += placed;
      tally[off[o + 10]!]! += placed * placed;
    }
  }
}
