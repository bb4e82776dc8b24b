import { describe, expect, it } from 'vitest';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { fitMix, halfLists, MIN_WEIGHT, mixLoss, type FitRow } from '../../../src/reports/audit/fitMix.js';
import { modelRoot, type ValueModel } from '../../../src/reports/value/fixedPointCost.js';
import { mixFairCost } from '../../../src/reports/value/fixedPointValue.js';

const battle = loadBattle().battle;
const ground = battle.scenes.map((s) => s.kind === 'firefight' || s.kind === 'assault');

/**
 * A formation against one opponent of `cost` points, one-against-one only: in the scene
 * `fair` it destroys as much of the opponent as it loses of itself (fair at `cost`);
 * elsewhere it destroys `wrong` times that.
 */
function row(cost: number, fair: number, wrong: number): FitRow {
  const slots = battle.scenes.flatMap((_, i) => (ground[i] ? [{ scene: i, initiative: 0 as const, defencePoints: 0, alone: true }] : []));
  const sums = slots.map((s) => {
    const d = (s.scene === fair ? 1 : wrong) * 0.5 * cost;
    return { n: 1, d, l: 0.5, dd: d * d, ll: 0.25, dl: 0.5 * d };
  });
  const model: ValueModel = { slots, opponents: [{ opponent: 'x', points: cost, firstChance: 0.5, groups: [{ m: 1, n: 1, sums }] }] };
  return { army: 'x', cost, model };
}

describe('fitting the scene mix to costs', () => {
  it('a mix\'s fair cost from the simulated groups: one group, √(X·P̄/ℓ) (efficiency) or X/ℓ (exchange)', () => {
    const r = row(200, 6, 4);
    const w = [0, 0, 0, 0, 0, 0, 1, 0.5, 0.5, 1];
    expect(mixFairCost({ model: r.model, metric: 'efficiency' }, w)).toBeCloseTo(200, 9);
    const half = [0.5, 0, 0, 0, 0, 0, 0.5, 0.5, 0.5, 1];
    expect(mixFairCost({ model: r.model, metric: 'efficiency' }, half)).toBeCloseTo(Math.sqrt(200 * 200 * 2.5), 9);
    expect(mixFairCost({ model: r.model, metric: 'exchange' }, half)).toBeCloseTo(500, 9);
  });

  it('finds the scene in which the costs are fair, keeping every other scene at the floor', () => {
    const rows = [row(200, 6, 4), row(300, 6, 0.25), row(150, 6, 4)];
    const fit = fitMix(rows, battle, 'efficiency');
    expect(fit.loss).toBeLessThan(fit.startLoss);
    const groundWeights = fit.weights.filter((_, i) => ground[i]);
    expect(groundWeights.reduce((t, w) => t + w, 0)).toBeCloseTo(1, 12);
    expect(Math.min(...groundWeights)).toBeGreaterThanOrEqual(MIN_WEIGHT - 1e-12);
    expect(fit.weights[6]).toBeGreaterThan(0.85);
    // The aircraft's and spacecraft's scenes keep the battle's weights.
    expect(fit.weights.slice(7)).toEqual(battle.scenes.slice(7).map((s) => s.weight));
    expect(mixLoss(rows, fit.weights, 'efficiency')).toBeCloseTo(fit.loss, 12);
  });

  it('the fit and its loss are the same, bit for bit, with each fair cost solved by modelRoot (the default solves them by MixRootSolver)', () => {
    const rows = [row(200, 6, 4), row(300, 6, 0.25), row(150, 6, 4), row(250, 4, 1.5)];
    const byModelRoot = (w: number[]) => rows.map((r) => modelRoot(r.model, w, 'efficiency'));
    expect(fitMix(rows, battle, 'efficiency')).toEqual(fitMix(rows, battle, 'efficiency', byModelRoot));
    const w = [0.1, 0.1, 0.1, 0.1, 0.2, 0.1, 0.3, 0.5, 0.5, 1];
    expect(Object.is(mixLoss(rows, w, 'efficiency'), mixLoss(rows, w, 'efficiency', byModelRoot))).toBe(true);
  });

  it('halves: alternate lists in id order', () => {
    expect([...halfLists(['d', 'a', 'c', 'b', 'a'], 'A')]).toEqual(['a', 'c']);
    expect([...halfLists(['d', 'a', 'c', 'b'], 'B')]).toEqual(['b', 'd']);
  });
});
