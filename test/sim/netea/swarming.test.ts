import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { destroyUnit } from '../../../src/rulesets/netea/engine/damage.js';
import { swarm } from '../../../src/rulesets/netea/engine/swarming.js';
import { binomialPmf } from '../../helpers/exact.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * TP Xeno-Sociology, Swarming: in the end phase a formation with a living
 * synapse unit returns destroyed brood units for their brood value, from its
 * synapse values, halved (rounding up) when broken or within 30 cm of the
 * enemy, not at all when both.
 */

const spinefist = weapon('spinefist', [{ range: 60, ap: 4 }]);
const tyrant = unit('tyrant', { type: 'AV', armour: 4, synapse: 2 });
const gaunt = unit('gaunt', { type: 'INF', armour: null, brood: 1 });
const shooter = unit('shooter', { type: 'INF' }, [{ weapon: spinefist }]);

function swarmAfterLosses(opts: { front: number; broken: boolean }) {
  const runner = new NeteaRunner(engagement([placed('s', 0, formation('s', [[1, shooter]]), { front: 25 }), placed('t', 1, formation('t', [[4, gaunt], [1, tyrant]]), { front: opts.front, broken: opts.broken })], []));
  runner.reset(new ScriptedDice([]));
  const e = runner.e;
  for (let u = 1; u <= 3; u++) destroyUnit(e, u, false, false, 0, new ScriptedDice([]));
  swarm(e);
  return e.fAlive[1];
}

describe('TP Swarming', () => {
  it('3 Gaunts lost: a Tyrant (Synapse 2) far from the enemy brings 2 back; broken or within 30 cm, 1; broken and within 30 cm, none', () => {
    expect(swarmAfterLosses({ front: 25, broken: false })).toBe(4);
    expect(swarmAfterLosses({ front: 25, broken: true })).toBe(3);
    expect(swarmAfterLosses({ front: 0, broken: false })).toBe(3);
    expect(swarmAfterLosses({ front: 0, broken: true })).toBe(2);
  });

  it('6 AP4+ shots at 16 unarmoured Gaunts and a Tyrant 50 cm away, then an end phase: k Gaunts lost become k - 2', () => {
    const spec = engagement(
      [placed('s', 0, formation('s', [[6, shooter]]), { front: 25 }), placed('t', 1, formation('t', [[16, gaunt], [1, tyrant]]), { front: 25 })],
      [shootStep(0, 1), { kind: 'end-phase', label: 'end phase' }],
    );
    const after = simulate(spec, 'swarming');
    const shot = binomialPmf(6, 1 / 2);
    expectDistribution(after(0, 1).unitsKilled.distribution, shot);
    expectDistribution(after(1, 1).unitsKilled.distribution, [shot[0]! + shot[1]! + shot[2]!, ...shot.slice(3)]);
  });
});
