import type { Sfc32 } from '../../../sim/rng.js';
import { rollDice } from '../../../sim/diceExpr.js';
import * as C from './codes.js';
import { resetCarriages } from './criticals/carriages.js';
import type { Engagement } from './engagement.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const U_WAR_ENGINE = C.U_WAR_ENGINE;
const W_LIMITED_USE = C.W_LIMITED_USE;

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
  /** The weapon lines whose use is remembered between attacks (single shot, slow firing): the others' is never read. */
  readonly limitedLines: Int32Array;

  constructor(e: Engagement) {
    let pf = false;
    let damageable = false;
    for (let u = 0; u < e.nUnits; u++) {
      if (e.uPfN[u]! + e.uPfPlus[u]! > 0) pf = true;
      if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0 || e.uShields[u]! > 0) damageable = true;
    }
    this.hasPowerFields = pf;
    this.unitsOnlyDie = !damageable && !pf && !e.transports.any;
    const limited: number[] = [];
    for (let l = 0; l < e.nLines; l++) if ((e.wFlags[l]! & W_LIMITED_USE) !== 0) limited.push(l);
    this.limitedLines = Int32Array.from(limited);
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
  if (e.carriages.any) resetCarriages(e);
  const limitedLines = traits.limitedLines;
  for (let i = 0; i < limitedLines.length; i++) {
    const l = limitedLines[i]!;
    e.stSingleShotUsed[l] = 0;
    e.stLastFired[l] = -10;
  }
  resetFormations(e);
  e.air.reset();
  e.transports.reset();
  e.turn = 1;
  e.rerollsUsed[0] = 0;
  e.rerollsUsed[1] = 0;
}

/**
 * Every formation's trial state as the spec places it. The arrays are read into locals first:
 * read through `e` in the loop, each would be loaded and checked again for every formation.
 */
function resetFormations(e: Engagement): void {
  const bm = e.fBm;
  const bmStart = e.fBmStart;
  const broken = e.fBroken;
  const brokenStart = e.fBrokenStart;
  const front = e.fFront;
  const frontStart = e.fFrontStart;
  const retired = e.fRetired;
  const withdrawn = e.fWithdrawn;
  const bmPlaced = e.fBmPlaced;
  const pendingBm = e.fPendingBm;
  const alive = e.fAlive;
  const unitStart = e.fUnitStart;
  const unitEnd = e.fUnitEnd;
  const breakWeight = e.fBreakWeight;
  const startBreakWeight = e.fStartBreakWeight;
  const minDepth = e.fMinDepth;
  const startMinDepth = e.fStartMinDepth;
  const minDepthCount = e.fMinDepthCount;
  const startMinDepthCount = e.fStartMinDepthCount;
  const pointsLost = e.fPointsLost;
  const damage = e.fDamage;
  for (let f = 0; f < e.nFormations; f++) {
    bm[f] = bmStart[f]!;
    broken[f] = brokenStart[f]!;
    front[f] = frontStart[f]!;
    retired[f] = 0;
    withdrawn[f] = 0;
    bmPlaced[f] = 0;
    pendingBm[f] = 0;
    alive[f] = unitEnd[f]! - unitStart[f]!;
    breakWeight[f] = startBreakWeight[f]!;
    minDepth[f] = startMinDepth[f]!;
    minDepthCount[f] = startMinDepthCount[f]!;
    pointsLost[f] = 0;
    damage[f] = 0;
  }
}
