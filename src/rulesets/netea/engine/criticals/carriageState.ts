import type { ArrayBlock } from '../../../../sim/arrayBlock.js';
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

  /** The arrays from the engagement's `block` (engagement.ts); `stLineLost`, which a shot with a carriage's weapon reads, first. */
  constructor(specs: readonly CarriageSpec[], nUnits: number, nLines: number, block: ArrayBlock) {
    this.any = specs.length > 0;
    this.stLineLost = block.uint8(nLines);
    this.stLost = block.uint8(specs.length);
    this.uStart = block.int32(nUnits);
    this.uEnd = block.int32(nUnits);
    const n = specs.length;
    this.cUnit = block.int32(n);
    this.cDC = block.int32(n);
    this.cShields = block.int32(n);
    this.cExtraRepairs = block.int32(n);
    this.cLineStart = block.int32(n);
    this.cLineEnd = block.int32(n);
    specs.forEach((c, k) => {
      this.cUnit[k] = c.unit;
      this.cDC[k] = c.dc;
      this.cShields[k] = c.shields;
      this.cExtraRepairs[k] = c.extraRepairs;
      this.cLineStart[k] = c.lineStart;
      this.cLineEnd[k] = c.lineEnd;
      if (this.uEnd[c.unit] === 0) this.uStart[c.unit] = k;
      this.uEnd[c.unit] = k + 1;
    });
  }
}
