import { describe, expect, it } from 'vitest';
import { firstMoveChance } from '../../../src/rulesets/netea/engine/strategyRoll.js';

describe('strategy roll (RB 1.5): the chance of acting first', () => {
  it('counted over the 36 pairs of dice, ties halved', () => {
    expect(firstMoveChance(3, 3)).toBe(0.5);
    // a − b = 1: A wins when x ≥ y (21 pairs), ties when y = x + 1 (5 pairs).
    expect(firstMoveChance(5, 4)).toBeCloseTo(23.5 / 36, 15);
    // a − b = 3: A loses only when y − x ≥ 4 (3 pairs), ties when y − x = 3 (3 pairs).
    expect(firstMoveChance(5, 2)).toBeCloseTo((30 + 1.5) / 36, 15);
    expect(firstMoveChance(2, 5)).toBeCloseTo(1 - (30 + 1.5) / 36, 15);
    // a − b = 5: only (1, 6) ties.
    expect(firstMoveChance(5, 0)).toBeCloseTo(35.5 / 36, 15);
    expect(firstMoveChance(6, 0)).toBe(1);
    expect(firstMoveChance(null, 5)).toBe(0.5);
  });
});
