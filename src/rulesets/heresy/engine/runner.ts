import type { Sfc32 } from '../../../sim/rng.js';
import { engagementTallyLayout } from '../../../sim/engagementTallyLayout.js';
import { TRIALS, type TallyLayout, type TrialRunner } from '../../../sim/ruleset.js';
import { recordAssault } from '../../../sim/recordAssault.js';
import { recordFormation } from '../../../sim/recordFormation.js';
import { assault, AssaultPlan } from './assault.js';
import { endPhase, endTurn } from './endPhase.js';
import { FirePlan, shoot } from './shoot.js';
import type { HeresySpec } from '../model/spec.js';
import { HeresyState } from './state.js';

/**
 * Runs Heresy engagements: the spec compiled once into a HeresyState and a
 * plan per step; every trial resets the state, plays the script and adds each
 * unit's state after every step to the tally in the layout every rule system
 * shares (engagementTallyLayout.ts), with the shared recorders, so the
 * chunking, workers, aggregators and reports read it as they read NetEA's
 * and Epic 40,000's. In that record, "broken" is a unit Routed or past its
 * break point (L508-525) and "Blast markers" are its suppression chits
 * (L171-186).
 */
const END_PHASE = 1;
const END_TURN = 2;

export class HeresyRunner implements TrialRunner {
  readonly layout: TallyLayout;
  readonly path = 'heresy kernel';
  readonly state: HeresyState;
  private readonly fire: Array<FirePlan | null>;
  private readonly assaults: Array<AssaultPlan | null>;
  /** Per step: END_PHASE, END_TURN, or 0 for a shot or an assault (its plan). */
  private readonly other: Int8Array;

  constructor(spec: HeresySpec) {
    this.state = new HeresyState(spec);
    this.layout = engagementTallyLayout(spec);
    this.fire = spec.steps.map((s) => (s.kind === 'shoot' ? new FirePlan(this.state, s.by, s.at, s.distance, false) : null));
    this.assaults = spec.steps.map((s) => (s.kind === 'assault' ? new AssaultPlan(this.state, s.by[0], s.at[0], s.support) : null));
    this.other = Int8Array.from(spec.steps, (s) => (s.kind === 'end-phase' ? END_PHASE : s.kind === 'end-turn' ? END_TURN : 0));
  }

  /** Plays step i on the state (without recording): for tests with forced dice. */
  playStep(rng: Sfc32, i: number): void {
    const f = this.fire[i];
    const other = this.other[i];
    if (f) shoot(this.state, rng, f);
    else if (other === END_PHASE) endPhase(this.state, rng);
    else if (other === END_TURN) endTurn(this.state);
    else assault(this.state, rng, this.assaults[i]!);
  }

  run(rng: Sfc32, trials: number, tally: Float64Array): void {
    const st = this.state;
    const records = this.layout.records;
    const steps = this.fire.length;
    for (let t = 0; t < trials; t++) {
      st.reset();
      for (let i = 0; i < steps; i++) {
        this.playStep(rng, i);
        const rec = records[i]!;
        for (let d = 0; d < st.units; d++) this.record(tally, rec.formations[d]!.killedHistogram, d);
        const plan = this.assaults[i];
        if (plan) recordAssault(tally, rec.assault!, plan.outcome, plan.rounds);
      }
    }
    tally[TRIALS]! += trials;
  }

  private record(tally: Float64Array, hist: number, d: number): void {
    const st = this.state;
    const first = st.first[d]!;
    const n = st.count[d]!;
    let alive = 0;
    let points = 0;
    for (let u = first; u < first + n; u++) {
      if (st.alive[u] === 1) alive++;
      else points += st.points[u]!;
    }
    const bp = st.breakPoint[d]!;
    const broken = st.level[d]! >= 2 || (bp > 0 && n - alive >= bp);
    recordFormation(tally, hist, n, alive, broken, st.chits[d]!, points, 0, 0);
  }
}
