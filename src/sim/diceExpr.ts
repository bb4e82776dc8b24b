import type { Sfc32 } from './rng.js';
import { d10 } from './dice/d10.js';
import { d6 } from './dice/d6.js';

/** A dice expression in integers: `n` dice of `sides` (0, 3, 6 or 10) plus `plus`. */
export interface DiceTriple {
  n: number;
  sides: number;
  plus: number;
}

/** Parses 3, "D3", "2D6", "D6+1", "2D3+3", "D10+2" into a triple; a plain number has no dice. */
export function parseDiceExpr(expr: number | string): DiceTriple {
  if (typeof expr === 'number') return { n: 0, sides: 0, plus: expr };
  const m = /^([1-9]?)D(3|6|10)(?:\+([0-9]+))?$/.exec(expr);
  if (!m) throw new Error(`not a dice expression: "${expr}"`);
  return { n: m[1] ? Number(m[1]) : 1, sides: Number(m[2]), plus: m[3] ? Number(m[3]) : 0 };
}

/** Largest value a triple can roll. */
export function maxOf(t: DiceTriple): number {
  return t.n * t.sides + t.plus;
}

/** Mean of a triple: n (sides + 1) / 2 + plus. */
export function meanOf(t: DiceTriple): number {
  return t.sides === 0 ? t.plus : (t.n * (t.sides + 1)) / 2 + t.plus;
}

/**
 * Rolls `n` dice of `sides` and adds `plus`; a D3 is a D6 read 1-2, 3-4, 5-6
 * (RB 1.0.1), a D10 is a D10 (d10.ts), not a D6. With n = 0 no die is rolled.
 */
export function rollDice(rng: Sfc32, n: number, sides: number, plus: number): number {
  let total = plus;
  for (let i = 0; i < n; i++) {
    if (sides === 10) {
      total += d10(rng);
      continue;
    }
    const r = d6(rng);
    total += sides === 3 ? (r + 1) >> 1 : r;
  }
  return total;
}
