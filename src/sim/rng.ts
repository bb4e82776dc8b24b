import seedrandom from 'seedrandom';

/**
 * sfc32 ("small fast chaotic", Chris Doty-Humphrey), a 128-bit-state generator
 * that passes PractRand and needs only 32-bit integer arithmetic, which V8
 * keeps in registers. Every field is an int32 from construction on so the
 * class keeps one hidden class and `next()` stays monomorphic in the hot loop.
 */
export class Sfc32 {
  a = 0;
  b = 0;
  c = 0;
  d = 0;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    // Mix the state before use, as the reference implementation does.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Next output as a signed 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t;
  }

  /** Copy of the state, to restart a sequence (common random numbers). */
  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }
}

/**
 * A generator whose whole state derives from a seed string. seedrandom's ARC4
 * turns any text (a user's seed, or "seed/scenario/matchup/chunk") into four
 * well-mixed 32-bit words; sfc32 then does the fast work.
 */
export function rngFromSeed(seed: string): Sfc32 {
  const arc4 = seedrandom(seed);
  return new Sfc32(arc4.int32(), arc4.int32(), arc4.int32(), arc4.int32());
}
