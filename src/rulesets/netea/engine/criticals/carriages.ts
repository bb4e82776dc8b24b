import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import type { CarriageSpec } from '../engagement/weaponLines.js';

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
