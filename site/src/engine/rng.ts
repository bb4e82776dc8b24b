import seedrandom from 'seedrandom';

/**
 * The playground's sfc32: the same generator as src/sim/rng.ts, word for
 * word (test/site/rng.test.ts compares the two streams), with its 128-bit
 * state in an Int32Array instead of four object fields. site/build.ts puts
 * it in place of src/sim/rng.ts in the page's bundles.
 *
 * Why: Chromium builds V8 with pointer compression, where a number field
 * holds a small integer (31 bits) or a pointer to a boxed double. Most sfc32
 * states are full 32-bit words, so every `this.a = ...` of the object
 * version went through a heap number: `next()` ran 90 M/s in Chromium
 * against 500 M/s in Node (which has no pointer compression), and the
 * shooting bench ran at half Node's speed. A typed array holds raw int32s in
 * both (about 340 M/s in Chromium), but is a little slower in Node, which
 * keeps the object version.
 */
export class Sfc32 {
  private readonly s = new Int32Array(4);

  constructor(a: number, b: number, c: number, d: number) {
    const s = this.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Next output as a signed 32-bit integer (the Int32Array wraps each stored word to 32 bits). */
  next(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t;
  }

  /** Copy of the state, to restart a sequence (common random numbers). */
  state(): [number, number, number, number] {
    const s = this.s;
    return [s[0]!, s[1]!, s[2]!, s[3]!];
  }
}

/** As src/sim/rng.ts: ARC4 (seedrandom) turns the seed text into the four words of the state. */
export function rngFromSeed(seed: string): Sfc32 {
  const arc4 = seedrandom(seed);
  return new Sfc32(arc4.int32(), arc4.int32(), arc4.int32(), arc4.int32());
}
