import type { Sfc32 } from '../../../rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import type { CarriageSpec } from '../engagement/weaponLines.js';
import { touch } from '../unitState.js';
import { criticalDestruction } from './applyCritical.js';

/**
 * TP Squat Land Train: "Characters added to this unit add their damage capacity and void shields
 * to the unit's respective starting values of each" (engagement/unitProfile.ts adds them to
 * uStartDC and uShields), and its critical: "Choose a random character added to this unit and
 * remove it, remembering to reduce the unit's starting damage capacity and void shields values.
 * ... If the unit doesn't have any characters added to it then it is destroyed."
 *
 * Each character is a carriage, with its damage capacity, void shields and weapon lines. The
 * unit's starting values in a trial are the engagement's stStartDC, stBreakWeight and
 * stShieldsMax, which only a lost carriage changes; the reset restores them for these units.
 */
export class Carriages {
  /** Some unit has carriages (the reset and the critical only look here then). */
  readonly any: boolean;
  /** Unit u's carriages are [uStart[u], uEnd[u]). */
  readonly uStart: Int32Array;
  readonly uEnd: Int32Array;
  /** Each carriage's unit, damage capacity, void shields, extra end-phase repairs and weapon lines [cLineStart, cLineEnd). */
  readonly cUnit: Int32Array;
  readonly cDC: Int32Array;
  readonly cShields: Int32Array;
  readonly cExtraRepairs: Int32Array;
  readonly cLineStart: Int32Array;
  readonly cLineEnd: Int32Array;
  /** Per trial: carriages removed, and their weapon lines (1: gone). */
  readonly stLost: Uint8Array;
  readonly stLineLost: Uint8Array;

  constructor(specs: readonly CarriageSpec[], nUnits: number, nLines: number) {
    this.any = specs.length > 0;
    this.uStart = new Int32Array(nUnits);
    this.uEnd = new Int32Array(nUnits);
    this.cUnit = Int32Array.from(specs, (c) => c.unit);
    this.cDC = Int32Array.from(specs, (c) => c.dc);
    this.cShields = Int32Array.from(specs, (c) => c.shields);
    this.cExtraRepairs = Int32Array.from(specs, (c) => c.extraRepairs);
    this.cLineStart = Int32Array.from(specs, (c) => c.lineStart);
    this.cLineEnd = Int32Array.from(specs, (c) => c.lineEnd);
    this.stLost = new Uint8Array(specs.length);
    this.stLineLost = new Uint8Array(nLines);
    specs.forEach((c, k) => {
      if (this.uEnd[c.unit] === 0) this.uStart[c.unit] = k;
      this.uEnd[c.unit] = k + 1;
    });
  }

  /** The trial's starting state: every carriage back, its unit's starting values as compiled. */
  reset(e: Engagement): void {
    for (let k = 0; k < this.stLost.length; k++) {
      if (this.stLost[k] === 0) continue;
      this.stLost[k] = 0;
      for (let l = this.cLineStart[k]!; l < this.cLineEnd[k]!; l++) this.stLineLost[l] = 0;
      const u = this.cUnit[k]!;
      e.stStartDC[u] = e.uStartDC[u]!;
      e.stBreakWeight[u] = e.uBreakWeight[u]!;
      e.stShieldsMax[u] = e.uShields[u]!;
      e.asAtkDice[u] = e.uStartDC[u]!;
    }
  }
}

/** The void shields unit u repairs in this end phase: its compiled repairs less the extra ones of the carriages it has lost (TP Fire Shield Battlecar). */
export function shieldRepairsLeft(e: Engagement, u: number): number {
  let n = e.uShieldRepair[u]!;
  const t = e.carriages;
  if (!t.any) return n;
  for (let k = t.uStart[u]!; k < t.uEnd[u]!; k++) if (t.stLost[k] === 1) n -= t.cExtraRepairs[k]!;
  return n;
}

/** Weapon line l is a carriage's that its unit has lost. */
export function carriageLineLost(e: Engagement, l: number): boolean {
  return (e.wFlags[l]! & C.W_CARRIAGE) !== 0 && e.carriages.stLineLost[l] === 1;
}

/**
 * The Land Train's critical: one of its carriages left, chosen at random (each as likely), is
 * removed with its weapons; the unit's starting damage capacity, break weight and void shields
 * lose the carriage's, its damage capacity left loses the carriage's (the damage it has taken
 * stays), and no more shields stay up than it now starts with. With no carriage left it is
 * destroyed (criticalDestruction: Blast markers for the damage capacity it had left).
 *
 * Readings (the text is silent): the removal places no Blast marker and is not damage taken
 * (the point of damage that caused the critical placed its own); with war-engine points lost
 * pro rata, the carriage's share of the unit's points (its share of the starting damage
 * capacity) is lost with it; if the damage capacity left reaches 0 the unit is destroyed.
 */
export function loseCarriage(e: Engagement, u: number, noBm: boolean, rng: Sfc32): void {
  if (e.stAlive[u] === 0) return;
  const t = e.carriages;
  const start = t.uStart[u]!;
  const end = t.uEnd[u]!;
  let left = 0;
  for (let k = start; k < end; k++) if (t.stLost[k] === 0) left++;
  if (left === 0) {
    criticalDestruction(e, u, 0, noBm, rng);
    return;
  }
  // One carriage left needs no roll; otherwise each is as likely.
  let pick = left === 1 ? 0 : Math.floor(((rng.next() >>> 0) / 4294967296) * left);
  let k = start;
  while (t.stLost[k] === 1 || pick-- > 0) k++;
  touch(e, u);
  t.stLost[k] = 1;
  for (let l = t.cLineStart[k]!; l < t.cLineEnd[k]!; l++) t.stLineLost[l] = 1;
  const dc = t.cDC[k]!;
  const f = e.uFormation[u]!;
  if (e.optWarEnginePointsProRata) e.fPointsLost[f]! += (e.uPoints[u]! * Math.min(dc, e.stDC[u]!)) / e.uStartDC[u]!;
  e.stStartDC[u]! -= dc;
  e.stBreakWeight[u]! -= dc;
  e.fBreakWeight[f]! -= dc;
  // A war engine's assault dice are its starting DC (RB 3.3.1); a supporter's are kept from assault to assault.
  e.asAtkDice[u] = e.stStartDC[u]!;
  e.stShieldsMax[u]! -= t.cShields[k]!;
  if (e.stShields[u]! > e.stShieldsMax[u]!) e.stShields[u] = e.stShieldsMax[u]!;
  e.stDC[u] = Math.max(0, e.stDC[u]! - dc);
  if (e.stDC[u] === 0) criticalDestruction(e, u, 0, noBm, rng);
}
