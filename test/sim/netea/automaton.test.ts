import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { applyNoSaveHits } from '../../../src/rulesets/netea/engine/allocate.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { EXACT_TRIALS, expectDistribution, simulate } from '../../helpers/simulate.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * TP Automaton: no Blast marker when an automaton is destroyed (nor the
 * crossfire's first-casualty marker), disrupt hits still place theirs, and a
 * broken formation's Blast-marker hits may be saved.
 */

const lascannon = weapon('lascannon', [{ range: 45, at: 4 }]);
const disruptor = weapon('disruptor', [{ range: 45, at: 4, disrupt: true }]);
const robot = unit('robot', { type: 'AV', armour: 5, abilities: ['automaton'] });
const tank = unit('tank', { type: 'AV', armour: 5 });

function shotAt(target: ReturnType<typeof unit>, gun: ReturnType<typeof weapon>, crossfire = false) {
  return engagement([placed('a', 0, formation('a', [[4, unit('gun', { type: 'AV' }, [{ weapon: gun }])]])), placed('t', 1, formation('t', [[16, target]]))], [shootStep(0, 1, { crossfire })]);
}

describe('TP Automaton', () => {
  it('4 AT4+ shots at 16 robots (5+ armour, 6+ in the crossfire): kills as for any unit, but the only Blast marker is the one for coming under fire', () => {
    const kills = killsFromHits(binomialPmf(4, 1 / 2), 16, 5 / 6);
    const out = simulate(shotAt(robot, lascannon, true), 'automaton')(0, 1);
    expectDistribution(out.unitsKilled.distribution, kills);
    expect(out.blastMarkers.mean).toBe(1);
  });

  it('the same shots at ordinary tanks place one Blast marker per kill on top, and one for the crossfire\'s first casualty', () => {
    const kills = killsFromHits(binomialPmf(4, 1 / 2), 16, 5 / 6);
    const out = simulate(shotAt(tank, lascannon, true), 'not-automaton')(0, 1);
    const mean = 1 + kills.reduce((s, p, k) => s + p * (k + (k > 0 ? 1 : 0)), 0);
    const variance = kills.reduce((s, p, k) => s + p * (1 + k + (k > 0 ? 1 : 0) - mean) ** 2, 0);
    expect(Math.abs(out.blastMarkers.mean - mean)).toBeLessThan((3.29 * Math.sqrt(variance)) / Math.sqrt(EXACT_TRIALS));
  });

  it('disrupt hits on robots place a Blast marker each, saved or not: 1 + Binomial(4, 1/2) markers, mean 3 and variance 1', () => {
    const out = simulate(shotAt(robot, disruptor), 'automaton-disrupt')(0, 1);
    expect(Math.abs(out.blastMarkers.mean - 3)).toBeLessThan(3.29 / Math.sqrt(EXACT_TRIALS));
  });

  it('a broken formation\'s Blast-marker hits: a robot saves on its armour (a 5 saves, then a 4 fails), an ordinary tank dies without a roll', () => {
    const spec = engagement([placed('r', 0, formation('r', [[1, robot]]), { broken: true }), placed('t', 1, formation('t', [[1, tank]]), { broken: true })], []);
    const runner = new NeteaRunner(spec);
    runner.reset(new ScriptedDice([]));
    const e = runner.e;
    const rng = new ScriptedDice([5, 4]);
    applyNoSaveHits(e, 0, 1, null, rng);
    expect(e.stAlive[0]).toBe(1);
    applyNoSaveHits(e, 0, 1, null, rng);
    expect(e.stAlive[0]).toBe(0);
    applyNoSaveHits(e, 1, 1, null, rng);
    expect(e.stAlive[1]).toBe(0);
    expect(rng.used).toBe(2);
  });
});
