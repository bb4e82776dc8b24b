import type { Sfc32 } from '../rng.js';
import { d10 } from './d10.js';
import { d6 } from './d6.js';

/**
 * A die as a rule system rolls it: its name, its number of faces n and the
 * function that rolls it, uniform on 1..n (P(face) = 1/n, mean (n + 1) / 2).
 * Shared code that rolls or counts dice outside a ruleset's kernel (the
 * bench's raw generator rate, the naive reference, dice expressions) takes
 * the die from the ruleset (RULESET_DIE in src/scenarios/registry.ts) instead of
 * assuming six faces.
 */
export interface Die {
  readonly name: string;
  readonly faces: number;
  roll(rng: Sfc32): number;
}

/** The six-sided die of NetEA (RB 1.0.1) and Epic 40,000. */
export const D6: Die = { name: 'D6', faces: 6, roll: d6 };

/** The ten-sided die of Heresy (seed 003, L7, L32-35). */
export const D10: Die = { name: 'D10', faces: 10, roll: d10 };
