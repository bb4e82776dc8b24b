import type { Sfc32 } from '../../../sim/rng.js';
import { TRIALS, type TallyLayout, type TrialRunner } from '../../../sim/ruleset.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { compileEngagement } from './compileEngagement.js';
import { shoot } from './shoot.js';
import { assault } from './assault.js';
import type { AssaultSetup } from './assault/setup.js';
import { ChargeCache } from './assault/chargeCache.js';
import { actionTest, endPhase, regroup } from './morale.js';
import type { ActionName, EngagementSpec } from '../model/spec.js';
import { playsTournamentPackChanges } from '../model/rulesVariant.js';
import { engagementTallyLayout } from '../../../sim/engagementTallyLayout.js';
import { recordFormation } from '../../../sim/recordFormation.js';
import { recordAssault } from '../../../sim/recordAssault.js';
import { compileFirePlan, runFirePlan } from './firePlan.js';
import { FirePlan } from './firePlan/plan.js';
import { AssaultPlan, compileAssaultPlan, type PlanDice } from './assaultPlan.js';
import { plannedAssault } from './plannedAssault.js';
import { groundAttack } from './aerospace/groundAttack.js';
import { flak } from './aerospace/flak.js';
import { intercept } from './aerospace/intercept.js';
import { orbitalAttack } from './aerospace/orbital.js';
import { PHASE_APPROACH, PHASE_DISENGAGEMENT } from './aerospace/airState.js';
import { arrive, ARRIVE_DROP_POD, ARRIVE_PLANETFALL, ARRIVE_TELEPORT } from './aerospace/arrival.js';
import { comeBack, retire } from './hitAndRun.js';
import { EngagementTraits, markAllUnitsDirty, resetEngagementState, rollPowerFields } from './resetEngagement.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const ACTION_ADVANCE = C.ACTION_ADVANCE;
const ACTION_DOUBLE = C.ACTION_DOUBLE;
const ACTION_ENGAGE = C.ACTION_ENGAGE;
const ACTION_HOLD = C.ACTION_HOLD;
const ACTION_MARSHAL = C.ACTION_MARSHAL;
const ACTION_OVERWATCH = C.ACTION_OVERWATCH;
const ACTION_SUSTAINED = C.ACTION_SUSTAINED;

const STEP_SHOOT = 0;
const STEP_END_TURN = 1;
const STEP_ASSAULT = 2;
const STEP_REGROUP = 3;
const STEP_ACTION_TEST = 4;
const STEP_END_PHASE = 5;
const STEP_GROUND_ATTACK = 6;
const STEP_FLAK = 7;
const STEP_INTERCEPT = 8;
const STEP_ORBITAL = 9;
const STEP_ARRIVE = 10;
const STEP_RETURN = 11;

/** Bit mask over formation indices (at most 31 formations in an engagement). */
function maskOf(list: number[]): number {
  let m = 0;
  for (const f of list) m |= 1 << f;
  return m;
}

export function actionCode(action: ActionName): number {
  switch (action) {
    case 'advance': return ACTION_ADVANCE;
    case 'double': return ACTION_DOUBLE;
    case 'sustained': return ACTION_SUSTAINED;
    case 'marshal': return ACTION_MARSHAL;
    case 'overwatch': return ACTION_OVERWATCH;
    case 'hold': return ACTION_HOLD;
    case 'engage': return ACTION_ENGAGE;
  }
}

export interface RunnerOptions {
  /** Use a precompiled fire plan where one applies (default true; false forces the general path, for tests). */
  firePlan?: boolean;
  /** Use a precompiled assault plan where one applies (default true; false forces the general path, for tests). */
  assaultPlan?: boolean;
  /** How an assault plan rolls (PlanDice): "counts" by default; "each" rolls the general path's dice, for tests. */
  assaultPlanDice?: PlanDice;
}

/**
 * Runs a NetEA engagement script trial after trial. The spec is compiled once;
 * a trial resets the state arrays from the starting values, runs the steps and
 * adds the outcome after each step to the tally. No allocation per trial.
 *
 * An engagement that is one shooting attack runs as a FirePlan instead (the
 * attack's fixed decisions taken once), one that is a single assault as an
 * AssaultPlan in its own state; the results are identical.
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
  private readonly stepTest: Uint8Array;
  private readonly stepRetain: Uint8Array;
  private readonly stepSupport: Int32Array;
  private readonly stepOverwatch: Int32Array;
  private readonly stepContact: Int32Array;
  /** Ground attacks: the flak formations (a mask) and the combat air patrol (-1: none). */
  private readonly stepFlak: Int32Array;
  private readonly stepCap: Int32Array;
  /** Flak: the phase (PHASE_*) and whether the flak formation moved. */
  private readonly stepPhase: Int32Array;
  private readonly stepMoved: Uint8Array;
  /** Arrivals: where the formation's front lands, cm, and how (ARRIVE_*). */
  private readonly stepFront: Float64Array;
  private readonly stepMethod: Int32Array;
  /** Shooting: the enemy formations (a mask) it retires from after shooting (Hit & Run Tactics), or -1: it stays. */
  private readonly stepRetire: Int32Array;
  /** The action of the last shooting step's attack (a hold after a failed test), for Hit & Run's move. */
  private lastShotAction: number = ACTION_HOLD;
  private readonly assaultSetup: AssaultSetup = { attackers: 0, defenders: 0, supporters: 0, overwatch: 0, contactLimit: -1 };
  /** One charge cache per step (null for steps that are not assaults). */
  private readonly chargeCaches: Array<ChargeCache | null>;
  /** What a trial's reset restores (resetEngagement.ts). */
  private readonly traits: EngagementTraits;
  private readonly offsets: Int32Array;
  readonly firePlan: FirePlan | null;
  readonly assaultPlan: AssaultPlan | null;
  /** How trials run: "fire plan", "assault plan", or "general" with the reason no plan applies. */
  readonly path: string;

  constructor(spec: EngagementSpec, options: RunnerOptions = {}) {
    this.e = compileEngagement(spec);
    this.layout = engagementTallyLayout(spec);
    const n = spec.steps.length;
    this.stepKind = new Int32Array(n);
    this.stepBy = new Int32Array(n);
    this.stepAt = new Int32Array(n);
    this.stepAction = new Int32Array(n);
    this.stepCrossfire = new Uint8Array(n);
    this.stepBarrage = new Uint8Array(n);
    this.stepTest = new Uint8Array(n);
    this.stepRetain = new Uint8Array(n);
    this.stepSupport = new Int32Array(n);
    this.stepOverwatch = new Int32Array(n);
    this.stepContact = new Int32Array(n).fill(-1);
    this.stepFlak = new Int32Array(n);
    this.stepCap = new Int32Array(n).fill(-1);
    this.stepPhase = new Int32Array(n);
    this.stepMoved = new Uint8Array(n);
    this.stepFront = new Float64Array(n);
    this.stepMethod = new Int32Array(n);
    this.stepRetire = new Int32Array(n).fill(-1);
    if (spec.formations.length > 31) throw new Error('an engagement holds at most 31 formations');
    this.chargeCaches = spec.steps.map((s) => (s.kind === 'assault' ? new ChargeCache(spec.formations.length, this.e.nUnits) : null));
    spec.steps.forEach((s, i) => {
      switch (s.kind) {
        case 'shoot':
          this.stepKind[i] = STEP_SHOOT;
          this.stepBy[i] = s.by;
          this.stepAt[i] = s.at;
          this.stepAction[i] = actionCode(s.action);
          this.stepCrossfire[i] = s.crossfire ? 1 : 0;
          this.stepBarrage[i] = s.barrage ? 1 : 0;
          this.stepTest[i] = s.test ? 1 : 0;
          this.stepRetain[i] = s.retain ? 1 : 0;
          if (s.retireFrom !== undefined) {
            // TP Hit & Run Tactics: only advance and double actions have a move to make after shooting.
            if (s.action !== 'advance' && s.action !== 'double') throw new Error(`step ${i + 1} (${s.label}): a formation retires after shooting only with the advance or double action, not ${s.action}`);
            this.stepRetire[i] = maskOf(s.retireFrom);
          }
          break;
        case 'return':
          this.stepKind[i] = STEP_RETURN;
          this.stepBy[i] = s.formation;
          break;
        case 'assault':
          this.stepKind[i] = STEP_ASSAULT;
          this.stepBy[i] = maskOf(s.by);
          this.stepAt[i] = maskOf(s.at);
          this.stepSupport[i] = maskOf(s.support);
          this.stepOverwatch[i] = maskOf(s.overwatch);
          this.stepContact[i] = s.contact ?? -1;
          this.stepAction[i] = ACTION_ENGAGE;
          this.stepTest[i] = s.test ? 1 : 0;
          this.stepRetain[i] = s.retain ? 1 : 0;
          break;
        case 'regroup':
          this.stepKind[i] = STEP_REGROUP;
          this.stepBy[i] = s.formation;
          this.stepAction[i] = ACTION_MARSHAL;
          this.stepTest[i] = s.test ? 1 : 0;
          this.stepRetain[i] = s.retain ? 1 : 0;
          break;
        case 'action-test':
          this.stepKind[i] = STEP_ACTION_TEST;
          this.stepBy[i] = s.formation;
          this.stepAction[i] = actionCode(s.action);
          this.stepRetain[i] = s.retain ? 1 : 0;
          break;
        case 'end-phase':
          this.stepKind[i] = STEP_END_PHASE;
          break;
        case 'end-turn':
          this.stepKind[i] = STEP_END_TURN;
          break;
        case 'ground-attack':
          this.stepKind[i] = STEP_GROUND_ATTACK;
          this.stepBy[i] = s.by;
          this.stepAt[i] = s.at;
          this.stepFlak[i] = maskOf(s.flak);
          this.stepCap[i] = s.cap;
          this.stepTest[i] = s.test ? 1 : 0;
          this.stepRetain[i] = s.retain ? 1 : 0;
          break;
        case 'flak':
          this.stepKind[i] = STEP_FLAK;
          this.stepBy[i] = s.by;
          this.stepAt[i] = s.at;
          this.stepPhase[i] = s.phase === 'approach' ? PHASE_APPROACH : PHASE_DISENGAGEMENT;
          this.stepMoved[i] = s.moved ? 1 : 0;
          break;
        case 'arrive':
          this.stepKind[i] = STEP_ARRIVE;
          this.stepBy[i] = s.formation;
          this.stepFront[i] = s.front;
          this.stepMethod[i] = s.method === 'teleport' ? ARRIVE_TELEPORT : s.method === 'drop-pod' ? ARRIVE_DROP_POD : ARRIVE_PLANETFALL;
          break;
        case 'intercept':
        case 'orbital':
          this.stepKind[i] = s.kind === 'intercept' ? STEP_INTERCEPT : STEP_ORBITAL;
          this.stepBy[i] = s.by;
          this.stepAt[i] = s.at;
          this.stepTest[i] = s.test ? 1 : 0;
          this.stepRetain[i] = s.retain ? 1 : 0;
          break;
      }
    });
    const e = this.e;
    this.traits = new EngagementTraits(e);
    // The record writes a formation's block from its histogram's offset: the other counters
    // follow it in the order of FormationRecordLayout (checked here once).
    this.offsets = new Int32Array(n * e.nFormations);
    this.layout.records.forEach((rec, r) =>
      rec.formations.forEach((L, f) => {
        const fields = [L.broken, L.destroyed, L.bmSum, L.bmSumSq, L.pointsLostSum, L.pointsLostSumSq, L.damageSum, L.damageSumSq, L.bmPlacedSum, L.bmPlacedSumSq];
        fields.forEach((offset, k) => {
          if (offset !== L.killedHistogram + L.units + 1 + k) throw new Error('tally layout: a formation block is not contiguous');
        });
        this.offsets[r * e.nFormations + f] = L.killedHistogram;
      }),
    );
    // Every unit starts dirty so the first reset initialises it.
    markAllUnitsDirty(e);
    this.resetState();
    const first = spec.steps[0];
    let plan: FirePlan | AssaultPlan | string;
    if (n !== 1 || first === undefined) plan = n === 0 ? 'no step' : 'more than one step';
    else if (first.kind !== 'shoot' && first.kind !== 'assault') plan = 'neither a shooting attack nor an assault';
    else if (first.test) plan = 'an action test comes first';
    else if (!playsTournamentPackChanges(spec.options)) plan = 'the 2004 rulebook\'s rules, which the plans do not play';
    else if (first.kind === 'shoot') {
      // A Hit & Run move after the only attack (retireFrom) changes nothing the tally records.
      plan = options.firePlan === false ? 'fire plans turned off' : compileFirePlan(e, first.by, first.at, this.stepAction[0]!, first.crossfire, first.barrage, (f) => this.offsets[f]!);
    } else if (options.assaultPlan === false) {
      plan = 'assault plans turned off';
    } else {
      plan = this.stepCanAssault(0) ? compileAssaultPlan(e, this.setupOf(0), this.chargeCaches[0]!, this.layout.records[0]!, options.assaultPlanDice ?? 'counts') : 'the attacking formation is broken';
      // Compiling ran the charge: back to the starting state.
      this.resetState();
    }
    this.firePlan = plan instanceof FirePlan ? plan : null;
    this.assaultPlan = plan instanceof AssaultPlan ? plan : null;
    this.path = plan instanceof FirePlan ? 'fire plan' : plan instanceof AssaultPlan ? 'assault plan' : `general (${plan})`;
  }

  run(rng: Sfc32, trials: number, tally: Float64Array): void {
    if (this.firePlan !== null) {
      runFirePlan(this.firePlan, rng, trials, tally);
      tally[TRIALS]! += trials;
      return;
    }
    if (this.assaultPlan !== null) {
      for (let t = 0; t < trials; t++) plannedAssault(this.assaultPlan, rng, tally);
      tally[TRIALS]! += trials;
      return;
    }
    const steps = this.stepKind.length;
    for (let t = 0; t < trials; t++) {
      this.reset(rng);
      for (let s = 0; s < steps; s++) {
        this.step(s, rng, tally);
        if (this.stepRetire[s]! >= 0) this.retireAfterShooting(s);
        this.record(s, tally);
      }
    }
    tally[TRIALS]! += trials;
  }

  /**
   * TP Hit & Run Tactics: the formation of shooting step s, having shot, makes its move away; a
   * hold (failed action test) has no move to make, and a broken or destroyed formation none
   * either. Kept out of step(), whose size decides what V8 inlines there (bench/README.md).
   */
  private retireAfterShooting(s: number): void {
    const e = this.e;
    const by = this.stepBy[s]!;
    if (this.lastShotAction === ACTION_HOLD || e.fBroken[by] === 1 || e.fAlive[by] === 0) return;
    retire(e, by, this.stepRetire[s]!);
  }

  private step(s: number, rng: Sfc32, tally: Float64Array): void {
    const e = this.e;
    switch (this.stepKind[s]) {
      case STEP_SHOOT: {
        const by = this.stepBy[s]!;
        let action = this.stepAction[s]!;
        if (e.fBroken[by] === 1 || e.fAlive[by] === 0) break;
        // A failed test means a hold action: still a shot, without the action's modifiers (RB 1.6.2).
        if (this.stepTest[s] === 1 && !actionTest(e, 1 << by, action, this.stepRetain[s] === 1, rng)) {
          if (e.fBroken[by] === 1) break;
          action = ACTION_HOLD;
        }
        shoot(e, by, this.stepAt[s]!, action, this.stepCrossfire[s] === 1, this.stepBarrage[s] === 1, rng);
        if (action === ACTION_MARSHAL) regroup(e, by, rng);
        this.lastShotAction = action;
        break;
      }
      case STEP_RETURN:
        comeBack(e, this.stepBy[s]!);
        break;
      case STEP_ASSAULT: {
        if (!this.stepCanAssault(s)) break;
        const setup = this.setupOf(s);
        if (this.stepTest[s] === 1 && !actionTest(e, setup.attackers, ACTION_ENGAGE, this.stepRetain[s] === 1, rng)) {
          // Hold instead: the formation shoots the target if it can (RB 1.6.2).
          const first = 31 - Math.clz32(setup.attackers & -setup.attackers);
          if (e.fBroken[first] === 0) shoot(e, first, 31 - Math.clz32(setup.defenders & -setup.defenders), ACTION_HOLD, false, true, rng);
          break;
        }
        recordAssault(tally, this.layout.records[s]!.assault!, assault(e, setup, this.chargeCaches[s]!, rng), e.asRounds);
        break;
      }
      case STEP_REGROUP: {
        const f = this.stepBy[s]!;
        if (e.fBroken[f] === 1 || e.fAlive[f] === 0) break;
        // On a failed test the hold action may still regroup.
        if (this.stepTest[s] === 1) actionTest(e, 1 << f, ACTION_MARSHAL, this.stepRetain[s] === 1, rng);
        regroup(e, f, rng);
        break;
      }
      case STEP_ACTION_TEST: {
        const f = this.stepBy[s]!;
        if (e.fBroken[f] === 0 && e.fAlive[f]! > 0) actionTest(e, 1 << f, this.stepAction[s]!, this.stepRetain[s] === 1, rng);
        break;
      }
      case STEP_END_PHASE:
        endPhase(e, rng);
        break;
      case STEP_GROUND_ATTACK:
      case STEP_INTERCEPT:
      case STEP_ORBITAL: {
        const by = this.stepBy[s]!;
        if (e.fAlive[by] === 0) break;
        // A failed test is a stand down (aircraft) or a delay (spacecraft), RB 4.2.1, 4.3.2.
        if (this.stepTest[s] === 1 && !actionTest(e, 1 << by, ACTION_ADVANCE, this.stepRetain[s] === 1, rng)) break;
        const kind = this.stepKind[s];
        if (kind === STEP_GROUND_ATTACK) groundAttack(e, by, this.stepAt[s]!, this.stepCap[s]!, this.stepFlak[s]!, rng);
        else if (kind === STEP_INTERCEPT) intercept(e, by, this.stepAt[s]!, rng);
        else orbitalAttack(e, by, this.stepAt[s]!, rng);
        break;
      }
      case STEP_ARRIVE:
        arrive(e, this.stepBy[s]!, this.stepFront[s]!, this.stepMethod[s]!, rng);
        break;
      case STEP_FLAK:
        flak(e, this.stepBy[s]!, this.stepAt[s]!, this.stepPhase[s]!, this.stepMoved[s] === 1, rng);
        break;
      case STEP_END_TURN:
        e.air.newTurn();
        e.turn++;
        e.rerollsUsed[0] = 0;
        e.rerollsUsed[1] = 0;
        break;
    }
  }

  /** Step s's assault setup (the runner's one AssaultSetup object, filled in). */
  private setupOf(s: number): AssaultSetup {
    const setup = this.assaultSetup;
    setup.attackers = this.stepBy[s]!;
    setup.defenders = this.stepAt[s]!;
    setup.supporters = this.stepSupport[s]!;
    setup.overwatch = this.stepOverwatch[s]!;
    setup.contactLimit = this.stepContact[s]!;
    return setup;
  }

  /** Can assault step s go ahead: its first attacking formation unbroken and not wiped out? */
  private stepCanAssault(s: number): boolean {
    const by = this.stepBy[s]!;
    const first = 31 - Math.clz32(by & -by);
    return this.e.fBroken[first] === 0 && this.e.fAlive[first]! > 0;
  }

  /**
   * Starting state for a trial: units changed in the last trial are restored,
   * formations reset, power fields rolled afresh (RB 5.5.3).
   */
  reset(rng: Sfc32): void {
    this.resetState();
    if (this.traits.hasPowerFields) rollPowerFields(this.e, rng);
  }

  /** The starting state without the dice: every unit and formation as the spec places it. */
  private resetState(): void {
    resetEngagementState(this.e, this.traits);
  }

  /** Adds each formation's state after step s to the tally, from the running totals. */
  private record(s: number, tally: Float64Array): void {
    const e = this.e;
    const nF = e.nFormations;
    // The arrays in locals, as in resetEngagement.ts resetFormations.
    const offsets = this.offsets;
    const unitStart = e.fUnitStart;
    const unitEnd = e.fUnitEnd;
    const alive = e.fAlive;
    const broken = e.fBroken;
    const bm = e.fBm;
    const pointsLost = e.fPointsLost;
    const damage = e.fDamage;
    const bmPlaced = e.fBmPlaced;
    for (let f = 0; f < nF; f++) {
      recordFormation(tally, offsets[s * nF + f]!, unitEnd[f]! - unitStart[f]!, alive[f]!, broken[f] === 1, bm[f]!, pointsLost[f]!, damage[f]!, bmPlaced[f]!);
    }
  }

}
