import type { Sfc32 } from '../../../sim/rng.js';
import { hasAbility } from '../../../model/resolvedUnit.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { compileEngagement } from './compileEngagement.js';
import type { EngagementSpec, NeteaOptions, PlacedFormation, Step } from '../model/spec.js';
import { EngagementTraits, markAllUnitsDirty, resetEngagementState, rollPowerFields } from './resetEngagement.js';
import { shoot } from './shoot.js';
import { assault } from './assault.js';
import type { AssaultSetup } from './assault/setup.js';
import { ChargeCache } from './assault/chargeCache.js';
import { actionTest, endPhaseAfterRallies, endPhaseBeforeRallies, rally, regroup } from './morale.js';
import { approach, attackFromAir } from './aerospace/groundAttack.js';
import { flak } from './aerospace/flak.js';
import { intercept } from './aerospace/intercept.js';
import { orbitalAttack } from './aerospace/orbital.js';
import { land } from './aerospace/arrival.js';
import { fillChoice, fillFailChances } from './engagement/firepowerChoice.js';
import { CHOOSE_PER_ATTACK } from './engagement/packedChoice.js';
import { fillCoverSummary } from './engagement/formationSummary.js';
import { applyCoverState, COVER_NONE, COVER_STATES } from './gameCover.js';
import { dangerousTerrainTest } from './dangerousTerrain.js';
import { disembarkFormation, embarkFormation } from './transport/boarding.js';
import { losePoint, markDead, regainPoint, reviveUnit } from './unitState.js';
import { checkBreak } from './blastMarkers.js';

/**
 * The engine as a whole game drives it (src/rulesets/netea/game): one
 * engagement holding every formation of both armies, whose state (units,
 * Blast markers, broken, war-engine damage, shields, weapons fired) persists
 * from action to action. The game places the formations on its table and,
 * before each call, sets each formation's front (`e.fFront`) so that the
 * one-dimensional gaps the engine measures are the table's distances for
 * that action; each method is then the engine's own step (the runner's,
 * runner.ts), with nothing restated. What it adds for the game:
 *
 * - cover that changes as formations move (gameCover.ts): the firepower
 *   choices and save chances the engine compiles against a formation's
 *   cover are compiled once for every cover state, and `setCover` switches
 *   between them;
 * - the distance each formation withdrew (`e.fWithdrawn`), cleared before
 *   each call, for the game to move it as far;
 * - dangerous terrain tests, and passengers getting in and out between
 *   actions.
 *
 * No allocation after construction.
 */
export class GameEngagement {
  readonly e: Engagement;
  readonly traits: EngagementTraits;
  /** Each formation's cover state now (COVER_*). */
  readonly fCoverState: Uint8Array;
  /** Walkers re-roll failed dangerous terrain tests (RB 2.1.18), per unit. */
  readonly uWalker: Uint8Array;
  /**
   * The weapon groups whose choice against formation f changes with f's cover, or is made
   * attack by attack (then remembered: choiceMemo.ts): coverGroups[coverGroupStart[f],
   * coverGroupStart[f + 1]). Only these are switched when f's cover changes.
   */
  private readonly coverGroupStart: Int32Array;
  private readonly coverGroups: Int32Array;
  private readonly cache: ChargeCache;
  private readonly setup: AssaultSetup = { attackers: 0, defenders: 0, supporters: 0, overwatch: 0, contactLimit: -1 };
  private readonly nStates = COVER_STATES;
  // What each cover state makes of each unit and formation, and of each weapon group's choice against each formation.
  private readonly sFlags: Int32Array;
  private readonly sCoverSave: Uint8Array;
  private readonly sFailNormal: Float64Array;
  private readonly sFailMacro: Float64Array;
  private readonly sFailTK: Float64Array;
  private readonly sPlainCode: Int32Array;
  private readonly sFormationCover: Int8Array;
  private readonly sChoice: Int32Array;

  /**
   * Compiles the formations of both armies. Every formation may charge in a game, so modes
   * usable only after an engage action (TP Power and Shock Lances) are lines of every formation,
   * and bought fortified positions are not stood in (boughtPositions.ts: a formation that charges
   * leaves them).
   */
  constructor(formations: PlacedFormation[], options: NeteaOptions) {
    if (formations.length > 31) throw new RangeError(`an engagement holds at most 31 formations, and these armies have ${formations.length}`);
    const steps: Step[] = formations.map((_, f) => ({ kind: 'assault', label: 'any formation may charge in a game', by: [f], at: [], support: [], overwatch: [], test: false, retain: false }));
    const spec: EngagementSpec = { ruleset: 'netea', formations, steps, options };
    const e = compileEngagement(spec);
    this.e = e;
    this.traits = new EngagementTraits(e);
    this.cache = new ChargeCache(e.nFormations, e.nUnits);
    this.fCoverState = new Uint8Array(e.nFormations);
    this.uWalker = new Uint8Array(e.nUnits);
    let g = 0;
    for (const pf of formations) for (const ru of pf.formation.units) this.uWalker[g++] = hasAbility(ru, 'walker') ? 1 : 0;
    const n = this.nStates;
    const nU = e.nUnits;
    const nF = e.nFormations;
    const nGF = e.nGroups * nF;
    this.sFlags = new Int32Array(n * nU);
    this.sCoverSave = new Uint8Array(n * nU);
    this.sFailNormal = new Float64Array(n * nU);
    this.sFailMacro = new Float64Array(n * nU);
    this.sFailTK = new Float64Array(n * nU);
    this.sPlainCode = new Int32Array(n * nU);
    this.sFormationCover = new Int8Array(n * nF);
    this.sChoice = new Int32Array(n * nGF);
    for (let s = n - 1; s >= 0; s--) {
      for (let u = 0; u < nU; u++) applyCoverState(e, u, s);
      for (let u = 0; u < nU; u++) {
        fillFailChances(e, u);
        this.sFlags[s * nU + u] = e.uFlags[u]!;
        this.sCoverSave[s * nU + u] = e.uCoverSave[u]!;
        this.sFailNormal[s * nU + u] = e.uFailNormal[u]!;
        this.sFailMacro[s * nU + u] = e.uFailMacro[u]!;
        this.sFailTK[s * nU + u] = e.uFailTK[u]!;
        this.sPlainCode[s * nU + u] = e.saves.uPlainCode[u]!;
      }
      for (let f = 0; f < nF; f++) {
        fillCoverSummary(e, f);
        this.sFormationCover[s * nF + f] = e.fCover[f]!;
      }
      for (let gi = 0; gi < e.nGroups; gi++) for (let f = 0; f < nF; f++) fillChoice(e, gi, f);
      this.sChoice.set(e.choice, s * nGF);
    }
    // The loop ended on COVER_NONE: the engagement's arrays hold it for every formation.
    markAllUnitsDirty(e);
    const groups: number[] = [];
    this.coverGroupStart = new Int32Array(nF + 1);
    for (let f = 0; f < nF; f++) {
      this.coverGroupStart[f] = groups.length;
      for (let gi = 0; gi < e.nGroups; gi++) {
        const k = gi * nF + f;
        let varies = false;
        for (let s = 0; s < n && !varies; s++) {
          const at = s * nGF + k;
          varies = this.sChoice[at] === CHOOSE_PER_ATTACK || this.sChoice[at] !== this.sChoice[k];
        }
        if (varies) groups.push(gi);
      }
    }
    this.coverGroupStart[nF] = groups.length;
    this.coverGroups = Int32Array.from(groups);
  }

  /** The start of a game: every unit and formation as compiled, out of cover, power fields rolled. */
  reset(rng: Sfc32): void {
    const e = this.e;
    resetEngagementState(e, this.traits);
    if (this.traits.hasPowerFields) rollPowerFields(e, rng);
    for (let f = 0; f < e.nFormations; f++) this.setCover(f, COVER_NONE);
  }

  /**
   * Puts formation f's units in cover state `state` (gameCover.ts), with what the engine
   * compiled against that state: the firepower choices against f, the units' save chances
   * and plain save codes (a code a critical has invalidated stays so), and forgets the
   * choices remembered against f whole (choiceMemo.ts): for the weapon groups whose
   * choice varies with cover or is made attack by attack (coverGroups).
   */
  setCover(f: number, state: number): void {
    if (this.fCoverState[f] === state) return;
    this.fCoverState[f] = state;
    const e = this.e;
    const nU = e.nUnits;
    const nF = e.nFormations;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      const k = state * nU + u;
      e.uFlags[u] = (e.uFlags[u]! & ~C.U_IN_COVER) | (this.sFlags[k]! & C.U_IN_COVER);
      e.uCoverSave[u] = this.sCoverSave[k]!;
      e.uFailNormal[u] = this.sFailNormal[k]!;
      e.uFailMacro[u] = this.sFailMacro[k]!;
      e.uFailTK[u] = this.sFailTK[k]!;
      const invalidated = e.saves.stPlainCode[u] === -1 && e.saves.uPlainCode[u] !== -1;
      e.saves.uPlainCode[u] = this.sPlainCode[k]!;
      if (!invalidated) e.saves.stPlainCode[u] = this.sPlainCode[k]!;
    }
    e.fCover[f] = this.sFormationCover[state * nF + f]!;
    const base = state * e.nGroups * nF;
    const groupEnd = this.coverGroupStart[f + 1]!;
    for (let i = this.coverGroupStart[f]!; i < groupEnd; i++) {
      const g = this.coverGroups[i]!;
      const k = g * nF + f;
      e.choice[k] = this.sChoice[base + k]!;
      if (e.memo.wholeAt[g] === f) e.memo.wholeAt[g] = -1;
    }
  }

  /** Clears the distances withdrawn, before a call the game reads them after. */
  private clearWithdrawals(): void {
    const e = this.e;
    for (let f = 0; f < e.nFormations; f++) e.fWithdrawn[f] = 0;
  }

  /** A shooting attack (shoot.ts; C.ACTION_* action). False if no unit could fire. */
  shootAt(by: number, at: number, action: number, crossfire: boolean, rng: Sfc32): boolean {
    this.clearWithdrawals();
    return shoot(this.e, by, at, action, crossfire, true, rng);
  }

  /**
   * An assault (assault.ts): the engaging formations, the target and those intermingled with it,
   * the formations that may lend supporting fire and the target's side on overwatch, as bit
   * masks. Returns the outcome (assault.ts NO_ASSAULT, ATTACKER_WINS, ...).
   */
  assault(attackers: number, defenders: number, supporters: number, overwatch: number, rng: Sfc32): number {
    this.clearWithdrawals();
    const s = this.setup;
    s.attackers = attackers;
    s.defenders = defenders;
    s.supporters = supporters;
    s.overwatch = overwatch;
    return assault(this.e, s, this.cache, rng);
  }

  /** An action test for the formations in `mask` (morale.ts): against `lead`'s initiative (-1: the first's); a failure places a Blast marker on it and may break it. */
  actionTest(mask: number, action: number, retain: boolean, rng: Sfc32, lead = -1): boolean {
    this.clearWithdrawals();
    return actionTest(this.e, mask, action, retain, rng, lead);
  }

  /** Regrouping (RB 1.13.1). */
  regroup(f: number, rng: Sfc32): void {
    regroup(this.e, f, rng);
  }

  /** The end phase before the rallies: regeneration, war-engine criticals and shields, Necron returns. */
  endPhaseBeforeRallies(rng: Sfc32): void {
    this.clearWithdrawals();
    endPhaseBeforeRallies(this.e, rng);
  }

  /** One formation's rally test (RB 1.14.1), the enemy within 30 cm measured from the fronts set for it. */
  rally(f: number, rng: Sfc32): void {
    rally(this.e, f, rng);
  }

  /** The end phase after the rallies: swarming, shadowfields. */
  endPhaseAfterRallies(): void {
    endPhaseAfterRallies(this.e);
  }

  /** A new turn: slow-firing weapons count it, Supreme Commander re-rolls come back, aircraft fly afresh. */
  newTurn(): void {
    const e = this.e;
    e.air.newTurn();
    e.turn++;
    e.rerollsUsed[0] = 0;
    e.rerollsUsed[1] = 0;
  }

  /** An aircraft formation's approach: the interception by `cap` (-1: none), flak from `flakMask`. */
  approach(by: number, cap: number, flakMask: number, rng: Sfc32): void {
    this.clearWithdrawals();
    approach(this.e, by, cap, flakMask, rng);
  }

  /** The aircraft's attack on ground formation `at` after the approach. */
  attackFromAir(by: number, at: number, rng: Sfc32): boolean {
    this.clearWithdrawals();
    return attackFromAir(this.e, by, at, rng);
  }

  /** Flak from ground formation `by` at aircraft `at` (aerospace/airState.ts PHASE_*). */
  flak(by: number, at: number, phase: number, moved: boolean, rng: Sfc32): boolean {
    return flak(this.e, by, at, phase, moved, rng);
  }

  /** Fighters `by` intercept aircraft `at`. */
  intercept(by: number, at: number, rng: Sfc32): boolean {
    return intercept(this.e, by, at, rng);
  }

  /** A spacecraft's bombardment and pin-point attacks on `at`. */
  orbital(by: number, at: number, rng: Sfc32): boolean {
    this.clearWithdrawals();
    return orbitalAttack(this.e, by, at, rng);
  }

  /** Formation f has landed where the game placed it (aerospace/arrival.ts ARRIVE_*). */
  land(f: number, method: number, rng: Sfc32): void {
    this.clearWithdrawals();
    land(this.e, f, method, rng);
  }

  /** Dangerous terrain tests for formation f's units of the kinds in `kinds` (dangerousTerrain.ts). */
  dangerousTerrain(f: number, kinds: number, rng: Sfc32): number {
    this.clearWithdrawals();
    return dangerousTerrainTest(this.e, f, kinds, this.uWalker, rng);
  }

  /** Formation f's passengers get in their transports; returns how many ride. */
  embark(f: number): number {
    return embarkFormation(this.e, f);
  }

  /** Formation f's passengers get out. */
  disembark(f: number): void {
    disembarkFormation(this.e, f);
  }

  /** Unit u, absent, enters play (TP Summoned Units: a daemon summoned), whole; its formation's totals count it. */
  summonUnit(u: number): void {
    reviveUnit(this.e, u);
  }

  /** Unit u leaves play, no points lost (TP Summoned Units: a daemon back in the pool or gone); its war-engine damage undone first when `undoDamage`. */
  dismissUnit(u: number, undoDamage: boolean): void {
    const e = this.e;
    if (undoDamage) while (e.stDamageTaken[u]! > 0 && e.stDC[u]! > 0) regainPoint(e, u);
    markDead(e, u);
  }

  /** One point of war-engine damage on unit u (a summoned war engine keeps the DC it was returned with). */
  losePoint(u: number): void {
    losePoint(this.e, u);
  }

  /** Formation f breaks if its Blast markers reach its break point (TP Summoned Units: returning daemons "may lead to the formation breaking"). */
  checkBreak(f: number, rng: Sfc32): boolean {
    return checkBreak(this.e, f, rng);
  }

  /** Living units of formation f plus the damage capacity its war engines have left (RB 6.1.7 strength). */
  strength(f: number): number {
    const e = this.e;
    let s = 0;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 0) continue;
      s += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stDC[u]! : 1;
    }
    return s;
  }

  /** Formation f's strength at the start (every unit, war engines at their starting DC). */
  startingStrength(f: number): number {
    const e = this.e;
    let s = 0;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) s += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stStartDC[u]! : 1;
    return s;
  }
}
