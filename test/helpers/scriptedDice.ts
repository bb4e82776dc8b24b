import { Sfc32 } from '../../src/sim/rng.js';

/**
 * A generator that returns chosen faces of an N-sided die (D6 by default),
 * for rulebook examples with forced dice: `d6` and `d10` take the high part of
 * r * N for the unsigned output r, so face f comes from the middle of its Nth
 * of the 32-bit range. Running out of faces is an error, so a test states
 * every die it expects.
 */
export class ScriptedDice extends Sfc32 {
  private readonly faces: number[];
  private readonly sides: number;
  private index = 0;

  constructor(faces: number[], sides = 6) {
    super(1, 2, 3, 4);
    this.faces = faces;
    this.sides = sides;
  }

  override next(): number {
    if (this.faces === undefined) return super.next();
    if (this.index >= this.faces.length) throw new Error(`scripted dice ran out after ${this.faces.length} rolls`);
    const f = this.faces[this.index++]!;
    return Math.floor(((f - 0.5) * 4294967296) / this.sides) | 0;
  }

  get used(): number {
    return this.index;
  }
}
