import type { CarriageSpec } from '../engagement/unitLines.js';

/**
 * TP Squat Land Train: "Characters added to this unit add their damage capacity and void shields
 * to the unit's respective starting values of each" (engagement/unitProfile.ts adds them to
 * uStartDC and uShields), and its critical: "Choose a random character added to this unit and
 * remove it, remembering to reduce the unit's starting damage capacity and void shields values.
 * ... If the unit doesn't have any characters added to it then it is destroyed."
 *
 * Each character is a carriage, with its damage capacity, void shields and weapon lines. The
 * unit's starting values in a trial are the engagement's stStartDC, stBreakWeight and
 * stShieldsMax, which only a lost carriage changes; the reset restores them for these units
 * (carriages.ts `resetCarriages`).
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
}
