import { describe, expect, it } from 'vitest';
import { rngFromSeed, type Sfc32 } from '../../../src/sim/rng.js';
import { modelRoot, type OpponentModel, type ValueModel, type ValueSlot } from '../../../src/reports/value/fixedPointCost.js';
import { groupCompositions } from '../../../src/reports/value/groupCompositions.js';
import { MixRootSolver } from '../../../src/reports/value/mixRootSolver.js';
import { PARITY_METRICS } from '../../../src/reports/value/parityCost.js';

/** One play of scene 0, against one opponent of `points` with the given groups, each group's d̄ and ℓ̄ from 100 trials. */
function oneScene(points: number, groups: Array<{ m: number; n: number; d: number; l: number }>): ValueModel {
  const slots: ValueSlot[] = [{ scene: 0, initiative: 0, defencePoints: 0, alone: true }];
  const opponent: OpponentModel = {
    opponent: 'o',
    points,
    firstChance: 0.5,
    groups: groups.map((g) => ({ m: g.m, n: g.n, sums: [{ n: 100, d: 100 * g.d, l: 100 * g.l, dd: 0, ll: 0, dl: 0 }] })),
  };
  return { slots, opponents: [opponent] };
}

const uniform = (rng: Sfc32) => (rng.next() >>> 0) / 2 ** 32;

/** A model as the battle's fixed point builds them: plays of several scenes, opponents with some of the achievable groups, sums of a few hundred trials. */
function randomModel(rng: Sfc32): ValueModel {
  const compositions = groupCompositions(3);
  const scenes = [0, 1, 2, 3, 4, 5, 6].filter(() => uniform(rng) < 0.7);
  if (scenes.length === 0) scenes.push(6);
  const slots: ValueSlot[] = scenes.flatMap((scene): ValueSlot[] => {
    const defencePoints = uniform(rng) < 0.2 ? Math.round(uniform(rng) * 150) : 0;
    return uniform(rng) < 0.15 ? [{ scene, initiative: 0 as const, defencePoints, alone: true }] : [0, 1].map((i) => ({ scene, initiative: i as 0 | 1, defencePoints, alone: false }));
  });
  const scale = 20 + uniform(rng) * 600;
  const opponents: OpponentModel[] = Array.from({ length: 1 + Math.floor(uniform(rng) * 12) }, (_, k) => {
    const points = Math.round(75 + uniform(rng) * 500);
    const groups = compositions.filter(() => uniform(rng) < 0.35).map((c) => ({
      ...c,
      sums: slots.map(() => {
        const n = 50 * (1 + Math.floor(uniform(rng) * 40));
        const never = uniform(rng) < 0.1;
        const d = never ? 0 : n * uniform(rng) * scale * (c.n / c.m);
        const l = uniform(rng) < 0.1 ? 0 : n * uniform(rng) * 1.5;
        return { n, d, l, dd: (d * d) / n, ll: (l * l) / n, dl: (d * l) / n };
      }),
    }));
    return { opponent: `o${k}`, points, firstChance: uniform(rng) < 0.7 ? 0.5 : 0.2 + 0.6 * uniform(rng), groups };
  });
  return { slots, opponents };
}

/** Scene weights as the fit tries them: some at 0, most between the floor and 1, the aircraft's and spacecraft's scenes beyond. */
function randomMix(rng: Sfc32): number[] {
  return Array.from({ length: 10 }, () => (uniform(rng) < 0.1 ? 0 : uniform(rng) < 0.5 ? 0.02 : uniform(rng)));
}

describe('MixRootSolver: modelRoot\'s fair cost under many mixes', () => {
  it('between two groups: the root of p·ℓ(p) = X(p), worked out by hand (exchange, and efficiency, where P̄ = p)', () => {
    // Against 1 opponent of 100 points: 1 against 1 (ratio 100) d̄ 60, ℓ̄ 0.3; 1 against 2 (ratio 200) d̄ 150, ℓ̄ 1.
    // Between them λ = (200 − p)/100: X = 0.9p − 30, ℓ = 0.007p − 0.4, so 0.007p² − 1.3p + 30 = 0.
    const model = oneScene(100, [{ m: 1, n: 1, d: 60, l: 0.3 }, { m: 1, n: 2, d: 150, l: 1 }]);
    const expected = (1.3 + Math.sqrt(0.85)) / 0.014;
    for (const metric of PARITY_METRICS) {
      const root = new MixRootSolver(model, metric).root([1]);
      expect(root).toBeCloseTo(expected, 9);
      expect(Object.is(root, modelRoot(model, [1], metric))).toBe(true);
    }
    expect(expected).toBeCloseTo(158.711031837806, 9);
  });

  it('beyond the groups: the constant mixture\'s √(X·P̄/ℓ) above the largest, the smallest ratio when G is already positive there', () => {
    // 1 against 1 of 200 points, d̄ 150, ℓ̄ 0.5: G(200) = 200²·0.5 − 150·200 < 0, so the root is above, at √(150·200/0.5).
    const above = oneScene(200, [{ m: 1, n: 1, d: 150, l: 0.5 }]);
    expect(new MixRootSolver(above, 'efficiency').root([1])).toBe(Math.sqrt(60000));
    expect(new MixRootSolver(above, 'exchange').root([1])).toBe(300);
    // d̄ 50, ℓ̄ 0.5: G(200) > 0 and √(50·200/0.5) = 141.4... is below the smallest ratio, which the battle cannot go under: min(200, 141.4).
    const below = oneScene(200, [{ m: 1, n: 1, d: 50, l: 0.5 }]);
    expect(new MixRootSolver(below, 'efficiency').root([1])).toBe(Math.sqrt(20000));
    // It never loses anything: no parity price (∞); without opponents: NaN, as modelRoot.
    expect(new MixRootSolver(oneScene(200, [{ m: 1, n: 1, d: 50, l: 0 }]), 'efficiency').root([1])).toBe(Infinity);
    expect(new MixRootSolver({ slots: above.slots, opponents: [] }, 'efficiency').root([1])).toBeNaN();
  });

  it('gives modelRoot\'s double, bit for bit, on 300 random models under 20 mixes each, both metrics', () => {
    const rng = rngFromSeed('mix-root-solver');
    let compared = 0;
    let roots = 0;
    let exact = 0;
    for (let i = 0; i < 300; i++) {
      const model = randomModel(rng);
      for (const metric of PARITY_METRICS) {
        const solver = new MixRootSolver(model, metric);
        for (let k = 0; k < 20; k++) {
          const w = randomMix(rng);
          const want = modelRoot(model, w, metric);
          const got = solver.root(w);
          if (!Object.is(got, want)) expect({ model: i, metric, w, got }).toEqual({ model: i, metric, w, got: want });
          compared++;
        }
        roots += solver.roots;
        exact += solver.exactAtBreaks + solver.exactInBrackets;
      }
    }
    expect(compared).toBe(300 * 2 * 20);
    // The sums tell G's sign almost everywhere: about one exact evaluation per root (the last bisection steps), of the fifty or so modelRoot makes.
    expect(roots).toBeGreaterThan(0.9 * compared);
    expect(exact / roots).toBeLessThan(3);
  });

  it('the same under mixes that differ in the last bits, as the fit\'s steps do', () => {
    const rng = rngFromSeed('mix-root-solver-near');
    for (let i = 0; i < 60; i++) {
      const model = randomModel(rng);
      const solver = new MixRootSolver(model, 'efficiency');
      const base = randomMix(rng);
      for (let k = 0; k < 20; k++) {
        const w = base.map((x) => x * (1 + (uniform(rng) - 0.5) * 2 ** -40));
        expect(Object.is(solver.root(w), modelRoot(model, w, 'efficiency'))).toBe(true);
      }
    }
  });
});
