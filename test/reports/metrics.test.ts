import { describe, expect, it } from 'vitest';
import { assaultOutcomes } from '../../src/reports/metrics/assaultOutcome.js';
import { breakChance, breakChanceByTurn } from '../../src/reports/metrics/breakChance.js';
import { killProbability } from '../../src/reports/metrics/killProbability.js';
import { pointsEfficiency, sidePointsVariables } from '../../src/reports/metrics/pointsEfficiency.js';
import { simulateWithMoments } from '../../src/run/moments.js';
import { wilsonInterval } from '../../src/stats/wilsonInterval.js';
import { TRIALS } from '../../src/sim/ruleset.js';
import { compileScenario } from '../../src/scenarios/registry.js';
import { parseFormation } from '../../src/model/formation.js';
import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';
import { buildEngagement } from '../../src/reports/registry.js';
import { simulate } from '../../src/run/simulate.js';
import { tolerance999 } from '../helpers/exact.js';
import { engagement, placed, shootStep } from '../helpers/fixtures.js';
import { exchange, gunline, oneShot, pairA, pairB, victims } from './fixtures.js';

const run = (spec: ReturnType<typeof oneShot>, trials: number, seed = 'metrics') =>
  simulateWithMoments({ spec, seed, scenario: 'test', matchup: 'm', trials, chunkSize: 10_000 }, sidePointsVariables(spec, compileScenario(spec).layout));

describe('a deterministic shooting: 30 AP2+ shots destroy all 3 unsaved units', () => {
  const spec = oneShot(gunline(300), victims(150));
  const { result } = run(spec, 2000);
  const last = result.layout.records[0]!;

  it('kill probability: P(exactly 3) = P(at least k) = P(destroyed) = 1, Wilson intervals from the counts', () => {
    const k = killProbability(result.tally, last.formations[1]!);
    expect(k.rows.map((r) => r.exactly.p)).toEqual([0, 0, 0, 1]);
    expect(k.rows.map((r) => r.atLeast.p)).toEqual([1, 1, 1, 1]);
    expect(k.destroyed.p).toBe(1);
    expect(k.destroyed.ci95).toEqual(wilsonInterval(2000, 2000));
    expect(k.unitsKilled.mean).toBe(3);
    expect(k.unitsKilled.ci95).toEqual([3, 3]);
  });

  it('points efficiency: 150 points destroyed, 50 per 100 points, with zero-width intervals', () => {
    const [side] = pointsEfficiency(spec, result.tally, result.layout);
    expect(side!.side).toBe(0);
    expect(side!.points).toBe(300);
    expect(side!.pointsDestroyed).toEqual({ mean: 150, ci95: [150, 150] });
    expect(side!.per100).toEqual({ mean: 50, ci95: [50, 50] });
    expect(side!.exchangeRatio).toBeNull();
  });

  it('break chance: destroyed, not broken (a destroyed formation has no break point)', () => {
    const b = breakChance(result.tally, result.layout).find((p) => p.formation === 1)!;
    expect(b.destroyed.p).toBe(1);
    expect(b.broken.p).toBe(0);
  });
});

describe('an exact shooting distribution: 2 AP4+ shots at 2 unsaved units', () => {
  const N = 100_000;
  const spec = oneShot(pairA(240), pairB(200));
  const { result } = run(spec, N, 'exact-2');
  const L = result.layout.records[0]!.formations[1]!;

  it('units killed ~ Binomial(2, 1/2)', () => {
    const k = killProbability(result.tally, L);
    [0.25, 0.5, 0.25].forEach((p, i) => expect(Math.abs(k.rows[i]!.exactly.p - p)).toBeLessThanOrEqual(tolerance999(p, N)));
    [1, 0.75, 0.25].forEach((p, i) => expect(Math.abs(k.rows[i]!.atLeast.p - p)).toBeLessThanOrEqual(tolerance999(p, N)));
    // at-least counts are the histogram's tail sums
    expect(k.rows[1]!.atLeast.ci95).toEqual(wilsonInterval(N - result.tally[L.killedHistogram]!, N));
  });

  it('efficiency = E[kills] × 100 points per unit ÷ 240 × 100 = 41.67 per 100 points, the exact value inside the interval', () => {
    const [side] = pointsEfficiency(spec, result.tally, result.layout);
    const exact = (1 * 100 * 100) / 240;
    expect(side!.per100!.ci95[0]).toBeLessThanOrEqual(exact);
    expect(side!.per100!.ci95[1]).toBeGreaterThanOrEqual(exact);
    expect(Math.abs(side!.per100!.mean - exact)).toBeLessThan(0.5);
  });

  it('break chance: one kill breaks (2 BMs on 1 unit), two destroy: P(broken) = 1/2, P(destroyed) = 1/4', () => {
    const b = breakChance(result.tally, result.layout).find((p) => p.formation === 1)!;
    expect(Math.abs(b.broken.p - 0.5)).toBeLessThanOrEqual(tolerance999(0.5, N));
    expect(Math.abs(b.destroyed.p - 0.25)).toBeLessThanOrEqual(tolerance999(0.25, N));
  });
});

describe('exchange ratio of a two-sided script', () => {
  // A (240 points) shoots B with 2 AP4+ shots: H ~ Bin(2, 1/2) kills, E[D] = 100.
  // B shoots back only if unbroken and alive (H = 0, P 1/4), with one shooter (its
  // Blast marker suppresses the other) at AP5+: E[L] = 1/4 · 1/3 · 120 = 10.
  // Exchange ratio 10 exactly; D > 0 and L > 0 never happen together.
  const N = 100_000;
  const spec = exchange(pairA(240), pairB(200));
  const { result, moments } = run(spec, N, 'exchange');

  it('D·L is always 0, so the measured covariance is −E[D]E[L]', () => {
    expect(moments.cross[0]![1]).toBe(0);
  });

  it('estimates 10 with a Fieller interval that covers it; without the covariance the interval is wider', () => {
    const measured = pointsEfficiency(spec, result.tally, result.layout, moments)[0]!.exchangeRatio!;
    const bound = pointsEfficiency(spec, result.tally, result.layout)[0]!.exchangeRatio!;
    expect(measured.covariance).toBe('measured');
    expect(bound.covariance).toBe('bound');
    expect(measured.ci95[0]).toBeLessThanOrEqual(10);
    expect(measured.ci95[1]).toBeGreaterThanOrEqual(10);
    expect(bound.ci95[1] - bound.ci95[0]).toBeGreaterThan(measured.ci95[1] - measured.ci95[0]);
    expect(measured.estimate).toBeCloseTo(result.tally[result.layout.records[1]!.formations[1]!.pointsLostSum]! / result.tally[result.layout.records[1]!.formations[0]!.pointsLostSum]!, 12);
  });

  it('side 1 gets the reciprocal', () => {
    const [a, b] = pointsEfficiency(spec, result.tally, result.layout, moments);
    expect(a!.exchangeRatio!.estimate * b!.exchangeRatio!.estimate).toBeCloseTo(1, 12);
  });
});

describe('break chance by turn', () => {
  it('marks the last step of each turn', () => {
    const spec = engagement(
      [placed('a', 0, pairA(), { front: 0 }), placed('b', 1, pairB(), { front: 30 })],
      [shootStep(0, 1), { kind: 'end-turn', label: 'end of turn 1' }, shootStep(0, 1)],
    );
    const { result } = run(spec, 100);
    const points = breakChance(result.tally, result.layout);
    expect(points.map((p) => [p.record, p.turn, p.endOfTurn])).toEqual([
      [0, 1, false], [0, 1, false],
      [1, 1, true], [1, 1, true],
      [2, 2, true], [2, 2, true],
    ]);
    expect(breakChanceByTurn(points).map((p) => p.turn)).toEqual([1, 1, 2, 2]);
  });
});

describe('assault outcome', () => {
  it('reads win, draw and break counters of an assault for both sides', async () => {
    const data = loadBuiltinDataset();
    const spec = buildEngagement(parseFormation(data, 'codex-astartes/tactical-detachment'), parseFormation(data, 'ork-war-horde/warband'), { kind: 'assault', action: 'advance', gap: 10 });
    const result = await simulate({ spec, seed: 'assault', scenario: 'test', matchup: 'm', trials: 2000, chunkSize: 1000 });
    const [a] = assaultOutcomes(spec, result.tally, result.layout);
    const A = result.layout.records[a!.record]!.assault!;
    const n = result.tally[TRIALS]!;
    expect(a!.attackerWins.p).toBe(result.tally[A.attackerWins]! / n);
    expect(a!.attackerWins.p + a!.defenderWins.p + a!.noResult.p).toBeLessThanOrEqual(a!.fought.p + 1e-12);
    expect(a!.formations.map((f) => [f.formation, f.role])).toEqual([[0, 'attacker'], [1, 'defender']]);
    expect(a!.attackerWins.ci95).toEqual(wilsonInterval(result.tally[A.attackerWins]!, n));
  });
});
