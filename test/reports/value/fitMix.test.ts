import { describe, expect, it } from 'vitest';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { fitMix, halfLists, MIN_WEIGHT, mixLoss, type FitRow } from '../../../src/reports/audit/fitMix.js';
import { sceneMixCost, type SceneSums } from '../../../src/reports/value/formationValue.js';

const battle = loadBattle().battle;
const ids = battle.scenes.map((s) => s.id);
const ground = battle.scenes.map((s) => s.kind === 'firefight' || s.kind === 'assault');

/** A formation whose only scene with a parity at its cost is `fair`: elsewhere it is worth a quarter or four times as much. */
function row(cost: number, fair: number, wrong: number): FitRow {
  // A ground formation: the scenes of aircraft and spacecraft have no opponents for it.
  const scenes: SceneSums[] = ids.map((scene, i) => (ground[i] ? { scene, destroyed: i === fair ? 1 : wrong, lost: 1, opponentPoints: cost } : { scene, destroyed: 0, lost: 0, opponentPoints: 0 }));
  return { army: 'x', cost, runCost: cost, scenes };
}

describe('fitting the scene mix to costs', () => {
  it('a mix\'s fair cost from per-scene sums: √(c0·P̄·X/Y)', () => {
    const r = row(200, 6, 4);
    const w = [0, 0, 0, 0, 0, 0, 1, 0.5, 0.5, 1];
    expect(sceneMixCost(r.scenes, w, 200, 'efficiency')).toBeCloseTo(200, 12);
    const half = [0.5, 0, 0, 0, 0, 0, 0.5, 0.5, 0.5, 1];
    expect(sceneMixCost(r.scenes, half, 200, 'efficiency')).toBeCloseTo(Math.sqrt(200 * 200 * 2.5), 9);
    expect(sceneMixCost(r.scenes, half, 200, 'exchange')).toBeCloseTo(500, 9);
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

  it('halves: alternate lists in id order', () => {
    expect([...halfLists(['d', 'a', 'c', 'b', 'a'], 'A')]).toEqual(['a', 'c']);
    expect([...halfLists(['d', 'a', 'c', 'b'], 'B')]).toEqual(['b', 'd']);
  });
});
