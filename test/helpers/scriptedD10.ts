import { Sfc32 } from '../../src/sim/rng.js';

/**
 * A generator that returns chosen D10 faces, for the Heresy seed's worked
 * examples with forced dice (the D10 twin of scriptedDice.ts): `d10` takes
 * the high part of r * 10 for the unsigned output r, so face f comes from the
 * middle of its tenth of the 32-bit range. Running out of faces is an error,
 * so a test states every die it expects.
 */
export class ScriptedD10 extends Sfc32 {
  private readonly faces: number[];
  private index = 0;

  constructor(faces: number[]) {
    super(1, 2, 3, 4);
    this.faces = faces;
  }

  override next(): number {
    if (this.faces === undefined) return super.next();
    if (this.index >= this.faces.length) throw new Error(`scripted dice ran out after ${this.faces.length} rolls`);
    const f = this.faces[this.index++]!;
    return Math.floor(((f - 0.5) * 4294967296) / 10) | 0;
  }

  get used(): number {
    return this.index;
  }
}
