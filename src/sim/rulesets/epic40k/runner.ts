import type { Sfc32 } from '../../rng.js';
import { engagementTallyLayout } from '../../engagementTallyLayout.js';
import { TRIALS, type TallyLayout, type TrialRunner } from '../../ruleset.js';
import { recordAssault } from '../netea/recordAssault.js';
import { recordFormation } from '../netea/recordFormation.js';
import { assault, AssaultPlan } from './assault.js';
import { placeOnLine } from './battleLine.js';
import { firefight } from './firefight.js';
import { rally } from './rally.js';
import { rangeMatrix, reachPrefixes, shoot } from './shoot.js';
import type { Epic40kSpec } from './spec.js';
import { Epic40kState } from './state.js';

const STEP_SHOOT = 0;
const STEP_ASSAULT = 1;
const STEP_FIREFIGHT = 2;
const STEP_RALLY = 3;
const STEP_NONE = 4;

/**
 * Runs Epic 40,000 engagements: the spec compiled once into an
 * Epic40kState and one plan per step (range matrices, assault plans); every
 * trial resets the state, plays the script and adds each formation's state
 * after every step to the tally, in the layout every rule system shares
 * (engagementTallyLayout.ts), so the reports read it as they read NetEA's.
 */
export class Epic40kRunner implements TrialRunner {
  readonly layout: TallyLayout;
  readonly path = 'epic40k kernel';
  readonly state: Epic40kState;
  private readonly kinds: Int8Array;
  private readonly by: Int32Array;
  private readonly at: Int32Array;
  private readonly ranges: Array<Uint8Array | null>;
  private readonly reach: Array<Int32Array | null>;
  private readonly assaults: Array<AssaultPlan | null>;
  private readonly pairs: Array<Int32Array | null>;

  constructor(spec: Epic40kSpec) {
    this.state = new Epic40kState(spec);
    this.layout = engagementTallyLayout(spec);
    const n = spec.steps.length;
    this.kinds = new Int8Array(n);
    this.by = new Int32Array(n);
    this.at = new Int32Array(n);
    this.ranges = [];
    this.reach = [];
    this.assaults = [];
    this.pairs = [];
    spec.steps.forEach((step, i) => {
      this.ranges.push(null);
      this.reach.push(null);
      this.assaults.push(null);
      this.pairs.push(null);
      switch (step.kind) {
        case 'shoot':
          this.kinds[i] = STEP_SHOOT;
          this.by[i] = step.by;
          this.at[i] = step.at;
          this.ranges[i] = rangeMatrix(this.state, step.by, step.at);
          this.reach[i] = reachPrefixes(this.state, step.by, this.ranges[i]!);
          break;
        case 'assault':
          this.kinds[i] = STEP_ASSAULT;
          this.assaults[i] = new AssaultPlan(step.by, step.at, step.support);
          break;
        case 'firefight':
          this.kinds[i] = STEP_FIREFIGHT;
          this.pairs[i] = Int32Array.of(step.by, step.at);
          break;
        case 'rally':
          this.kinds[i] = STEP_RALLY;
          break;
        default:
          this.kinds[i] = STEP_NONE;
      }
    });
  }

  /** Plays one trial's script on the state (without recording): for tests with forced dice. */
  playStep(rng: Sfc32, i: number): void {
    const st = this.state;
    switch (this.kinds[i]) {
      case STEP_SHOOT:
        shoot(st, rng, this.by[i]!, this.at[i]!, this.ranges[i]!, this.reach[i]!);
        break;
      case STEP_ASSAULT:
        assault(st, rng, this.assaults[i]!);
        break;
      case STEP_FIREFIGHT:
        placeOnLine(st);
        firefight(st, rng, this.pairs[i]!);
        break;
      case STEP_RALLY:
        rally(st, rng);
        break;
    }
  }

  run(rng: Sfc32, trials: number, tally: Float64Array): void {
    const st = this.state;
    const records = this.layout.records;
    const steps = this.kinds.length;
    for (let t = 0; t < trials; t++) {
      st.reset();
      for (let i = 0; i < steps; i++) {
        this.playStep(rng, i);
        const rec = records[i]!;
        for (let d = 0; d < st.detachments; d++) this.record(tally, rec.formations[d]!.killedHistogram, d);
        if (this.kinds[i] === STEP_ASSAULT) {
          const plan = this.assaults[i]!;
          recordAssault(tally, rec.assault!, plan.outcome, plan.rounds);
        }
      }
    }
    tally[TRIALS]! += trials;
  }

  private record(tally: Float64Array, hist: number, d: number): void {
    const st = this.state;
    const first = st.first[d]!;
    const end = first + st.count[d]!;
    let alive = 0;
    let points = 0;
    for (let u = first; u < end; u++) {
      if (st.alive[u] === 1) alive++;
      else points += st.points[u]!;
    }
    recordFormation(tally, hist, st.count[d]!, alive, st.broken[d] === 1, st.bm[d]!, points, st.damage[d]!, st.placed[d]!);
  }
}
