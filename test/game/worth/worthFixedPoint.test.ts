import { describe, expect, it } from 'vitest';
import { equalWorth, worthFixedPoint } from '../../../src/rulesets/netea/game/worth/worthFixedPoint.js';

/**
 * The fixed point over worths on exchanges given exactly. One list of three formations, one base
 * army fielding each once, a points limit of 300. The shares M are chosen so that w = (150, 100, 50)
 * satisfies M·w = w: 0 is worth all of 1 and 2 (100 + 50), 1 half of itself and all of 2
 * (50 + 50), 2 a third of 0 (50). M's other eigenvalues are smaller in modulus (its characteristic
 * polynomial λ³ − λ²/2 − λ/3 − 1/6 has λ = 1 and a complex pair of modulus 1/√6), so the iteration
 * from equal worth converges to it.
 */

const M = Float64Array.of(0, 1, 1, 0, 0.5, 1, 1 / 3, 0, 0);
const list = { items: [0, 1, 2], armies: [[0, 1, 2]] };

describe('worthFixedPoint', () => {
  it('starts from equal worth per formation: the limit over the base armies\' mean size', () => {
    expect(Array.from(equalWorth(5, [list, { items: [3, 4], armies: [[3], [3, 4, 4]] }], 300))).toEqual([100, 100, 100, 150, 150]);
  });

  it('converges to the vector the exchanges reproduce, scaled to the points limit', () => {
    const r = worthFixedPoint(M, [list], { limit: 300, tolerance: 1e-9 });
    expect(r.converged).toBe(true);
    expect(r.lastMove).toBeLessThanOrEqual(1e-9);
    expect(r.worth[0]).toBeCloseTo(150, 7);
    expect(r.worth[1]).toBeCloseTo(100, 7);
    expect(r.worth[2]).toBeCloseTo(50, 7);
    // The first step from (100, 100, 100): M·w = (200, 150, 33.3), rescaled to 300.
    const one = worthFixedPoint(M, [list], { limit: 300, maxIterations: 1 });
    expect(one.iterations).toBe(1);
    expect(one.converged).toBe(false);
    expect(one.worth[0]).toBeCloseTo((200 * 300) / (1150 / 3), 10);
  });

  it('does not depend on the exchanges\' scale (the rescale is the tournament\'s points limit), and lists are rescaled apart', () => {
    const big = new Float64Array(36);
    for (let e = 0; e < 3; e++) for (let i = 0; i < 3; i++) big[e * 6 + i] = 2 * M[e * 3 + i]!;
    // A second list, fielded 3, 4, 4 and 5, 5, 5, whose exchanges reproduce (150, 75, 100): the armies average 300.
    big[3 * 6 + 4] = 1;
    big[3 * 6 + 5] = 0.75;
    big[4 * 6 + 3] = 0.5;
    big[5 * 6 + 4] = 1;
    big[5 * 6 + 5] = 0.25;
    const r = worthFixedPoint(big, [list, { items: [3, 4, 5], armies: [[3, 4, 4], [5, 5, 5]] }], { limit: 300, tolerance: 1e-9 });
    expect(r.converged).toBe(true);
    expect(Array.from(r.worth).map((x) => +x.toFixed(6))).toEqual([150, 100, 50, 150, 75, 100]);
  });

  it('reports a list worth nothing (every exchange gave up nothing) as degenerate, not converged', () => {
    const r = worthFixedPoint(new Float64Array(9), [list], { limit: 300 });
    expect(r.converged).toBe(false);
    expect(r.degenerate).toEqual([0]);
  });
});

describe('worthFixedPoint: the rescale', () => {
  it('reports each list\'s last rescale, 1/λ at the fixed point (M doubled: 1/2)', () => {
    const r = worthFixedPoint(M.map((x) => 2 * x), [list], { limit: 300, tolerance: 1e-9 });
    expect(r.scale[0]).toBeCloseTo(0.5, 9);
    expect(r.worth[0]).toBeCloseTo(150, 7);
  });
});
