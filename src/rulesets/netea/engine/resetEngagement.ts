import type { Sfc32 } from '../../../sim/rng.js';
import { rollDice } from '../../../sim/diceExpr.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';

/**
 * What the start of a trial (or of a game) restores, and the traits that let
 * it restore less: shared by the script runner (runner.ts) and the game's
 * facade (gameEngagement.ts), so both start from the same state.
 */
export class EngagementTraits {
  /** Some unit has power fields, rolled afresh at every start (RB 5.5.3). */
  readonly hasPowerFields: boolean;
  /** No war engine, void shield, power field or embarked unit: a unit's only state is alive or dead. */
  readonly unitsOnlyDie: boolean;
  /** Some weapon is single-shot or slow-firing: their use is restored too. */
  readonly hasLimitedWeapons: boolean;

  constructor(e: Engagement) {
    let pf = false;
    let damageable = false;
    for (let u = 0; u < e.nUnits; u++) {
      if (e.uPfN[u]! + e.uPfPlus[u]! > 0) pf = true;
      if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 || e.uShields[u]! > 0) damageable = true;
    }
    this.hasPowerFields = pf;
    this.unitsOnlyDie = !damageable && !pf && !e.transports.any;
    let limited = false;
    for (let l = 0; l < e.nLines; l++) if ((e.wFlags[l]! & (C.W_SINGLE_SHOT | C.W_SLOW_FIRING)) !== 0) limited = true;
    this.hasLimitedWeapons = limited;
  }
}

/** Marks every unit changed, so the next reset initialises all of them (once, after compiling). */
export function markAllUnitsDirty(e: Engagement): void {
  for (let u = 0; u < e.nUnits; u++) {
    if (e.dirtyFlag[u] === 1) continue;
    e.dirtyFlag[u] = 1;
    e.dirtyList[e.nDirty++] = u;
  }
}

/** Power fields rolled afresh (RB 5.5.3: "D3", "D6+6" fields per unit). */
export function rollPowerFields(e: Engagement, rng: Sfc32): void {
  for (let u = 0; u < e.nUnits; u++) {
    if (e.uPfN[u]! + e.uPfPlus[u]! > 0) e.stShields[u] = rollDice(rng, e.uPfN[u]!, e.uPfSides[u]!, e.uPfPlus[u]!);
  }
}

/** The starting state without the dice: units changed since the last reset restored, every formation as the spec places it. */
export function resetEngagementState(e: Engagement, traits: EngagementTraits): void {
  if (traits.unitsOnlyDie) {
    for (let i = 0; i < e.nDirty; i++) {
      const u = e.dirtyList[i]!;
      e.dirtyFlag[u] = 0;
      e.stAlive[u] = 1;
      e.stDC[u] = e.uStartDC[u]!;
    }
    e.nDirty = 0;
  }
  for (let i = 0; i < e.nDirty; i++) {
    const u = e.dirtyList[i]!;
    e.dirtyFlag[u] = 0;
    e.stAlive[u] = 1;
    e.stDC[u] = e.uStartDC[u]!;
    e.stShields[u] = e.uShields[u]!;
    e.stToHitPenalty[u] = 0;
    e.stDisarmed[u] = 0;
    e.stCritCount[u] = 0;
    e.stReactor[u] = 0;
    e.stFires[u] = 0;
    e.stMissDamage[u] = 0;
    e.stDamageTaken[u] = 0;
    e.transports.resetUnit(u);
    if (e.saves.changes) e.saves.resetUnit(u);
  }
  e.nDirty = 0;
  if (e.carriages.any) e.carriages.reset(e);
  if (traits.hasLimitedWeapons) {
    for (let l = 0; l < e.nLines; l++) {
      e.stSingleShotUsed[l] = 0;
      e.stLastFired[l] = -10;
    }
  }
  for (let f = 0; f < e.nFormations; f++) {
    e.fBm[f] = e.fBmStart[f]!;
    e.fBroken[f] = e.fBrokenStart[f]!;
    e.fFront[f] = e.fFrontStart[f]!;
    e.fRetired[f] = 0;
    e.fWithdrawn[f] = 0;
    e.fBmPlaced[f] = 0;
    e.fPendingBm[f] = 0;
    e.fAlive[f] = e.fUnitEnd[f]! - e.fUnitStart[f]!;
    e.fBreakWeight[f] = e.fStartBreakWeight[f]!;
    e.fMinDepth[f] = e.fStartMinDepth[f]!;
    e.fMinDepthCount[f] = e.fStartMinDepthCount[f]!;
    e.fPointsLost[f] = 0;
    e.fDamage[f] = 0;
  }
  e.air.reset();
  e.transports.reset();
  e.turn = 1;
  e.rerollsUsed[0] = 0;
  e.rerollsUsed[1] = 0;
}
