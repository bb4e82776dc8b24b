import type { Sfc32 } from '../../../sim/rng.js';
import { engagementTallyLayout } from '../../../sim/engagementTallyLayout.js';
import { TRIALS, type TallyLayout, type TrialRunner } from '../../../sim/ruleset.js';
import { recordAssault } from '../../../sim/recordAssault.js';
import { recordFormation } from '../../../sim/recordFormation.js';
import { assault, AssaultPlan } from './assault.js';
import { placeOnLine } from './battleLine.js';
import { firefight } from './firefight.js';
import { rally } from './rally.js';
import { prepareShot, rangeMatrix, reachPrefixes, resolveShot, shoot, ShotPlan } from './shoot.js';
import type { Epic40kSpec } from '../model/spec.js';
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
  private readonly shots: Array<ShotPlan | null>;
  /** Each detachment's living units and points lost, as of the last step counted (count()). */
  private readonly aliveNow: Int32Array;
  private readonly lostNow: Float64Array;
  /**
   * The first step's shot, prepared once on the reset state (prepareShot reads
   * only the state, which every trial starts from): 0 none (not a shoot
   * step), 1 prepared (resolve it every trial), 2 nothing fires or nothing can
   * be hit (skip it).
   */
  private readonly firstShot: number;

  constructor(spec: Epic40kSpec) {
    this.state = new Epic40kState(spec);
    this.aliveNow = new Int32Array(this.state.detachments);
    this.lostNow = new Float64Array(this.state.detachments);
    this.layout = engagementTallyLayout(spec);
    const n = spec.steps.length;
    this.kinds = new Int8Array(n);
    this.by = new Int32Array(n);
    this.at = new Int32Array(n);
    this.ranges = [];
    this.reach = [];
    this.assaults = [];
    this.pairs = [];
    this.shots = [];
    spec.steps.forEach((step, i) => {
      this.shots.push(null);
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
          this.shots[i] = new ShotPlan(this.state.count[step.at]!);
          break;
        case 'assault':
          this.kinds[i] = STEP_ASSAULT;
          this.assaults[i] = new AssaultPlan(step.by, step.at, step.support, this.state.side[step.by[0]!]!);
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
    let first = 0;
    if (n > 0 && this.kinds[0] === STEP_SHOOT) {
      const st = this.state;
      const plan = this.shots[0]!;
      st.reset();
      first = prepareShot(st, this.by[0]!, this.at[0]!, this.ranges[0]!, this.reach[0]!, plan) ? 1 : 2;
      plan.eligible.set(st.eligible.subarray(0, plan.n));
    }
    this.firstShot = first;
  }

  /** Plays one trial's script on the state (without recording): for tests with forced dice. */
  playStep(rng: Sfc32, i: number): void {
    const st = this.state;
    switch (this.kinds[i]) {
      case STEP_SHOOT:
        shoot(st, rng, this.by[i]!, this.at[i]!, this.ranges[i]!, this.reach[i]!, this.shots[i]!);
        break;
      case STEP_ASSAULT:
        assault(st, rng, this.assaults[i]!);
        break;
      case STEP_FIREFIGHT:
        placeOnLine(st);
        firefight(st, rng, this.pairs[i]!, st.side[this.pairs[i]![0]!]!);
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
    const aliveNow = this.aliveNow;
    const lostNow = this.lostNow;
    for (let t = 0; t < trials; t++) {
      st.reset();
      // Every unit alive, no points lost: what count() finds on the reset state.
      for (let d = 0; d < st.detachments; d++) {
        aliveNow[d] = st.count[d]!;
        lostNow[d] = 0;
      }
      for (let i = 0; i < steps; i++) {
        if (i === 0 && this.firstShot !== 0) {
          // The first step on the reset state: its prepared shot (see firstShot).
          if (this.firstShot === 1) {
            const plan = this.shots[0]!;
            const eligible = st.eligible;
            for (let k = 0; k < plan.n; k++) eligible[k] = plan.eligible[k]!;
            resolveShot(st, rng, this.by[0]!, this.at[0]!, plan);
          }
        } else this.playStep(rng, i);
        const rec = records[i]!;
        // A shot destroys units of its target only (shoot.ts): the other detachments' counts stand.
        if (this.kinds[i] === STEP_SHOOT) this.count(this.at[i]!);
        else for (let d = 0; d < st.detachments; d++) this.count(d);
        for (let d = 0; d < st.detachments; d++) this.record(tally, rec.formations[d]!.killedHistogram, d);
        if (this.kinds[i] === STEP_ASSAULT) {
          const plan = this.assaults[i]!;
          recordAssault(tally, rec.assault!, plan.outcome, plan.rounds);
        }
      }
    }
    tally[TRIALS]! += trials;
  }

  /** Units of detachment `d` alive, and the points of its dead (in unit order), into aliveNow and lostNow. */
  private count(d: number): void {
    const st = this.state;
    const first = st.first[d]!;
    const end = first + st.count[d]!;
    let alive = 0;
    let points = 0;
    // Without branches (who is alive is random): a living unit adds an exact 0 to the points.
    for (let u = first; u < end; u++) {
      const a = st.alive[u]!;
      alive += a;
      points += st.points[u]! * (1 - a);
    }
    this.aliveNow[d] = alive;
    this.lostNow[d] = points;
  }

  private record(tally: Float64Array, hist: number, d: number): void {
    const st = this.state;
    recordFormation(tally, hist, st.count[d]!, this.aliveNow[d]!, st.broken[d] === 1, st.bm[d]!, this.lostNow[d]!, st.damage[d]!, st.placed[d]!);
  }
}
