import { describe, expect, it } from 'vitest';
import { D10, D6 } from '../../../src/sim/dice/die.js';
import { dicePmf } from '../../../src/sim/dice/dicePmf.js';
import { meanOf, parseDiceExpr, rollDice } from '../../../src/sim/diceExpr.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { dieOf } from '../../../src/scenarios/registry.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { tolerance999 } from '../../helpers/exact.js';

/** Issue 21, item 4: dice expressions and the ruleset's die no longer assume six faces. */

describe('the die of each rule system', () => {
  it('NetEA and Epic 40,000 roll a D6, Heresy a D10', () => {
    expect(dieOf({ ruleset: 'netea' })).toBe(D6);
    expect(dieOf({ ruleset: 'epic40k' })).toBe(D6);
    expect(dieOf({ ruleset: 'heresy' })).toBe(D10);
    expect([D6.faces, D10.faces]).toEqual([6, 10]);
    expect(D10.roll(new ScriptedDice([10], 10))).toBe(10);
    expect(D6.roll(new ScriptedDice([6]))).toBe(6);
  });
});

describe('dice expressions with a D10', () => {
  it('parses "D10+2" and "2D10"; the mean of 2D10 is 2 x 11/2 = 11', () => {
    expect(parseDiceExpr('D10+2')).toEqual({ n: 1, sides: 10, plus: 2 });
    expect(parseDiceExpr('2D10')).toEqual({ n: 2, sides: 10, plus: 0 });
    expect(meanOf(parseDiceExpr('2D10'))).toBe(11);
    expect(() => parseDiceExpr('D8')).toThrow(/not a dice expression/);
  });

  it('dicePmf(2, 10, 0) is the triangle P(k) = (k - 1)/100 for k <= 11, (21 - k)/100 above; a D6 and a D3 are unchanged', () => {
    const pmf = dicePmf(2, 10, 0);
    expect(pmf).toHaveLength(21);
    for (let k = 0; k <= 20; k++) expect(pmf[k]!, `P(${k})`).toBeCloseTo(k < 2 ? 0 : k <= 11 ? (k - 1) / 100 : (21 - k) / 100, 14);
    expect(dicePmf(1, 6, 0)).toEqual([0, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6]);
    expect(dicePmf(1, 3, 1)).toEqual([0, 0, 1 / 3, 1 / 3, 1 / 3]);
  });

  it('rollDice rolls a D10 as a D10 (forced faces 10 and 7 + 2 = 19), a D3 and a D6 as before', () => {
    expect(rollDice(new ScriptedDice([10, 7], 10), 2, 10, 2)).toBe(19);
    expect(rollDice(new ScriptedDice([6, 1]), 2, 6, 0)).toBe(7);
    expect(rollDice(new ScriptedDice([5, 2]), 2, 3, 0)).toBe(4);
  });

  it('rollDice(2D10) matches dicePmf within the 99.9% interval over 200,000 rolls', () => {
    const trials = 200_000;
    const rng = rngFromSeed('2d10');
    const counts = new Array<number>(21).fill(0);
    for (let t = 0; t < trials; t++) counts[rollDice(rng, 2, 10, 0)]!++;
    dicePmf(2, 10, 0).forEach((p, k) => expect(Math.abs(counts[k]! / trials - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials)));
  });
});
