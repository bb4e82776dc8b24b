import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { destroyUnit } from '../../../src/rulesets/netea/engine/damage.js';
import { returnNecronUnits } from '../../../src/rulesets/netea/engine/necronReturns.js';
import { binomialPmf } from '../../helpers/exact.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/** TP Necron: a formation returns one destroyed Necron unit in each end phase, before the rally. */

const gaussFlayer = weapon('gauss-flayer', [{ range: 45, ap: 4 }]);
const warrior = unit('warrior', { type: 'INF', armour: null, abilities: ['necron'] });
const shooter = unit('shooter', { type: 'INF' }, [{ weapon: gaussFlayer }]);

describe('TP Necron returns', () => {
  it('one destroyed unit a turn comes back where it stood, its points no longer lost; a formation wiped out returns none', () => {
    const runner = new NeteaRunner(engagement([placed('n', 0, formation('n', [[3, warrior]], { points: 90 })), placed('s', 1, formation('s', [[1, shooter]]))], []));
    runner.reset(new ScriptedDice([]));
    const e = runner.e;
    const rng = new ScriptedDice([]);
    destroyUnit(e, 0, false, false, 0, rng);
    destroyUnit(e, 1, false, false, 0, rng);
    expect([e.fAlive[0], e.fPointsLost[0]]).toEqual([1, 60]);
    returnNecronUnits(e);
    expect([e.stAlive[0], e.stAlive[1], e.fAlive[0], e.fPointsLost[0], e.fBreakWeight[0]]).toEqual([1, 0, 2, 30, 2]);
    returnNecronUnits(e);
    expect([e.fAlive[0], e.fPointsLost[0]]).toEqual([3, 0]);
    for (let u = 0; u < 3; u++) destroyUnit(e, u, false, false, 0, rng);
    returnNecronUnits(e);
    expect(e.fAlive[0]).toBe(0);
  });

  it('6 AP4+ shots at 20 unarmoured warriors, then an end phase: k kills become k - 1', () => {
    const spec = engagement(
      [placed('s', 0, formation('s', [[6, shooter]])), placed('n', 1, formation('n', [[20, warrior]]))],
      [shootStep(0, 1), { kind: 'end-phase', label: 'end phase' }],
    );
    const after = simulate(spec, 'necron-returns');
    const shot = binomialPmf(6, 1 / 2);
    expectDistribution(after(0, 1).unitsKilled.distribution, shot);
    expectDistribution(after(1, 1).unitsKilled.distribution, [shot[0]! + shot[1]!, ...shot.slice(2)]);
  });
});
