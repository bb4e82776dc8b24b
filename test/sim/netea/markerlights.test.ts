import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import type { EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * TP Markerlights and Guided Missiles: a formation with a markerlight unit
 * within 30 cm of the target marks it, +1 to hit for every ranged attack of
 * its side; guided missiles fire only at marked targets.
 */

const railRifle = weapon('rail-rifle', [{ range: 45, ap: 5 }]);
const seeker = weapon('seeker', [{ range: 60, at: 6, guidedMissile: true }]);
const fireWarrior = unit('fire-warrior', { type: 'INF', armour: 5 }, [{ weapon: railRifle }]);
const skyray = unit('skyray', { type: 'AV', armour: 5 }, [{ weapon: seeker, multiplier: 2 }]);
const pathfinder = unit('pathfinder', { type: 'INF', armour: 5, abilities: ['markerlights'] });
const target = unit('target', { type: 'INF', armour: null });
const tank = unit('tank', { type: 'AV', armour: null });

function scene(shooter: ReturnType<typeof unit>, n: number, t: ReturnType<typeof unit>, spotter: { front: number; broken?: boolean } | null): EngagementSpec {
  const formations = [placed('shooters', 0, formation('shooters', [[n, shooter]]), { front: 10 }), placed('targets', 1, formation('targets', [[12, t]]), { front: 10 })];
  if (spotter) formations.push(placed('pathfinders', 0, formation('pathfinders', [[2, pathfinder]]), { front: spotter.front, broken: spotter.broken ?? false }));
  return engagement(formations, [shootStep(0, 1)]);
}

describe('Markerlights', () => {
  it('6 AP5+ shots at unarmoured infantry: Binomial(6, 1/3) kills unmarked, Binomial(6, 1/2) with Pathfinders 20 cm from the target', () => {
    expectDistribution(simulate(scene(fireWarrior, 6, target, null), 'unmarked')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 3), 12, 1));
    expectDistribution(simulate(scene(fireWarrior, 6, target, { front: 10 }), 'marked')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 2), 12, 1));
  });

  it('Pathfinders 35 cm from the target, or broken, mark nothing', () => {
    expectDistribution(simulate(scene(fireWarrior, 6, target, { front: 25 }), 'far')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 3), 12, 1));
    expectDistribution(simulate(scene(fireWarrior, 6, target, { front: 10, broken: true }), 'broken')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 3), 12, 1));
  });

  it('guided missiles fire only at a marked target: no attack at all unmarked (no Blast marker), AT6+ made 5+ when marked', () => {
    const unmarked = simulate(scene(skyray, 2, tank, null), 'seeker-unmarked')(0, 1);
    expect(unmarked.unitsKilled.mean).toBe(0);
    expect(unmarked.blastMarkers.mean).toBe(0);
    expectDistribution(simulate(scene(skyray, 2, tank, { front: 10 }), 'seeker-marked')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(4, 1 / 3), 12, 1));
  });

  it('the fire plan marks as the general path does, bit for bit', () => {
    const tally = (firePlan: boolean) => {
      const runner = new NeteaRunner(scene(fireWarrior, 6, target, { front: 10 }), { firePlan });
      const t = new Float64Array(runner.layout.length);
      runner.run(rngFromSeed('marked-plan'), 20_000, t);
      return { path: runner.path, t: Array.from(t) };
    };
    const fast = tally(true);
    expect(fast.path).toBe('fire plan');
    expect(fast.t).toEqual(tally(false).t);
  });
});
