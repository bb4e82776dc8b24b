import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { sceneEngagement, type SceneSetup } from '../../../src/rulesets/netea/scenarios/battleScenes.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec, Step } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { expectFirePlanSameAsGeneral } from '../../helpers/firePlanAgreement.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';

/**
 * TP Hit & Run Tactics in the battle's firefight scenes (battleScenes.ts, hitAndRun.ts): a
 * formation of the side with the initiative shoots at the gap, then moves away by its speed;
 * the enemy closes in again with its own advance move and shoots back across the gap plus what
 * is left. Here an Eldar formation (4 units, speed 35, armour 4+, no weapons unless given) with
 * the initiative meets an enemy of speed 15 at 30 cm: it retires 35 - 15 = 20 cm net, so the
 * enemy shoots back at 50 cm. Both formations have initiative 1 (every action test passes)
 * unless a test says otherwise; an AP4+ shot hits on 4+ (1/2), the 4+ save fails 1/2.
 */

const FIRE_30: SceneSetup = { kind: 'firefight', gap: 30, approachGap: 15, action: 'advance', turns: 1, cover: { kind: 'none' }, initiative: 0 };
const gun45 = weapon('gun-45', [{ range: 45, ap: 4 }]);
const gun60 = weapon('gun-60', [{ range: 60, ap: 4 }]);
const gun30 = weapon('gun-30', [{ range: 30, ap: 4 }]);
const jetbike = unit('jetbike', { type: 'INF', armour: 4, speed: 35 });
const eldar = (opts: { hitAndRun?: boolean; initiative?: number } = {}) => formation('Eldar', [[4, jetbike]], { points: 200, initiative: opts.initiative ?? 1, ...(opts.hitAndRun === false ? {} : { rules: ['hit-and-run-tactics'] }) });
/** Five enemy units in one rank: `long` of them with 60 cm guns, the rest with 45 cm guns. */
const enemy = (long: number, speed = 15) =>
  formation('Enemy', [[long, unit('long', { type: 'INF', armour: 4, speed }, [{ weapon: gun60 }])], [5 - long, unit('short', { type: 'INF', armour: 4, speed }, [{ weapon: gun45 }])]], { points: 200, initiative: 1 });

const last = (spec: EngagementSpec) => spec.steps.length - 1;
const eldarKills = (spec: EngagementSpec, seed: string) => simulate(spec, seed)(last(spec), 0).unitsKilled.distribution;

/** The formations' fronts after each step of one trial (the state a k-step script leaves). */
function frontsAfterEachStep(spec: EngagementSpec): number[][] {
  return spec.steps.map((_, k) => {
    const runner = new NeteaRunner({ ...spec, steps: spec.steps.slice(0, k + 1) });
    runner.run(rngFromSeed('fronts'), 1, new Float64Array(runner.layout.length));
    return Array.from(runner.e.fFront);
  });
}

function tallyOf(spec: EngagementSpec, seed: string, trials: number): number[] {
  const runner = new NeteaRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  return Array.from(tally);
}

describe('Hit & Run Tactics in the firefight scenes', () => {
  it('the scene: the Eldar formation with the initiative shoots, then retires from the enemy side; returns only before a next turn', () => {
    const spec = sceneEngagement([eldar()], [enemy(0)], FIRE_30);
    expect(spec.steps.map((s) => s.kind)).toEqual(['shoot', 'shoot', 'end-phase', 'end-turn']);
    expect(spec.steps[0]).toMatchObject({ by: 0, at: 1, action: 'advance', test: true, retireFrom: [1] });
    expect(spec.steps[1]).not.toHaveProperty('retireFrom');
    // Long-range fire is a sustained fire action: no move to make.
    expect(sceneEngagement([eldar()], [enemy(0)], { ...FIRE_30, gap: 75, action: 'sustained' }).steps.some((s) => s.kind === 'shoot' && s.retireFrom !== undefined)).toBe(false);
  });

  it('retiring 20 cm net, the enemy\'s 45 cm guns no longer reach: nothing killed; without the rule the exact binomial', () => {
    expectDistribution(eldarKills(sceneEngagement([eldar()], [enemy(0)], FIRE_30), 'hr-out-of-range'), [1, 0, 0, 0, 0]);
    // Five AP4+ shots at 30 cm: Binomial(5, 1/2) hits, each failing the 4+ save with 1/2.
    expectDistribution(eldarKills(sceneEngagement([eldar({ hitAndRun: false })], [enemy(0)], FIRE_30), 'hr-none'), killsFromHits(binomialPmf(5, 1 / 2), 4, 1 / 2));
  });

  it('only the enemy\'s 60 cm guns still reach at 50 cm: two shots, the exact binomial', () => {
    expectDistribution(eldarKills(sceneEngagement([eldar()], [enemy(2)], FIRE_30), 'hr-part'), killsFromHits(binomialPmf(2, 1 / 2), 4, 1 / 2));
  });

  it('a formation that failed its action test (a hold) does not retire: shot at 30 cm', () => {
    // Initiative 7: every test fails. The failure's Blast marker breaks nothing the kills depend on.
    const spec = sceneEngagement([eldar({ initiative: 7 })], [enemy(0)], FIRE_30);
    expect(frontsAfterEachStep(spec)[0]).toEqual([0, 30]);
    expectDistribution(eldarKills(spec, 'hr-failed'), killsFromHits(binomialPmf(5, 1 / 2), 4, 1 / 2));
  });

  it('an enemy as fast as the Eldar closes the whole way: no retire', () => {
    expect(frontsAfterEachStep(sceneEngagement([eldar()], [enemy(0, 35)], FIRE_30))[0]).toEqual([0, 30]);
  });

  it('the duel: retired after shooting, back at the gap before each next turn', () => {
    const spec = sceneEngagement([eldar()], [enemy(0)], { ...FIRE_30, turns: 3 });
    expect(spec.steps.map((s) => s.kind)).toEqual([
      'shoot', 'shoot', 'end-phase', 'end-turn',
      'return', 'shoot', 'shoot', 'end-phase', 'end-turn',
      'return', 'shoot', 'shoot', 'end-phase', 'end-turn',
    ]);
    const eldarFront = frontsAfterEachStep(spec).map((f) => f[0]);
    expect(eldarFront).toEqual([20, 20, 20, 20, 0, 20, 20, 20, 20, 0, 20, 20, 20, 20]);
    // Its 30 cm guns reach only from the gap, and only the horde's front rank of 5 (the next stands
    // 5 cm behind): every turn it fires 4 AP4+ shots at the front rank left, never answered.
    // Exact over the three turns: the front rank's survivors a, each turn Binomial(4, 1/2) hits
    // spread over a units, each failing the 4+ save with 1/2 (the horde of 20 never breaks: at most
    // 3 + 5 Blast markers).
    const armed = formation('Eldar', [[4, unit('armed', { type: 'INF', armour: 4, speed: 35 }, [{ weapon: gun30 }])]], { points: 200, initiative: 1, rules: ['hit-and-run-tactics'] });
    const horde = formation('Horde', [[20, unit('horde', { type: 'INF', armour: 4, speed: 15 }, [{ weapon: gun45 }])]], { points: 200, initiative: 1 });
    const duel = sceneEngagement([armed], [horde], { ...FIRE_30, turns: 3 });
    let killed = [1, 0, 0, 0, 0, 0];
    for (let turn = 0; turn < 3; turn++) {
      const next = new Array<number>(6).fill(0);
      killed.forEach((p, k) => {
        if (k === 5) next[5]! += p;
        else killsFromHits(binomialPmf(4, 1 / 2), 5 - k, 1 / 2).forEach((q, j) => (next[k + j]! += p * q));
      });
      killed = next;
    }
    const out = simulate(duel, 'hr-duel');
    expectDistribution(out(last(duel), 1).unitsKilled.distribution, [...killed, ...new Array<number>(15).fill(0)]);
    expectDistribution(out(last(duel), 0).unitsKilled.distribution, [1, 0, 0, 0, 0]);
  });

  it('without the initiative nothing changes: the same steps and the same tallies, seed for seed', () => {
    for (const turns of [1, 3]) {
      const withRule = sceneEngagement([eldar()], [enemy(2)], { ...FIRE_30, turns, initiative: 1 });
      const without = sceneEngagement([eldar({ hitAndRun: false })], [enemy(2)], { ...FIRE_30, turns, initiative: 1 });
      expect(withRule.steps).toEqual(without.steps);
      expect(tallyOf(withRule, 'hr-second', 20_000)).toEqual(tallyOf(without, 'hr-second', 20_000));
    }
  });

  it('a retire only with a move: refused on a sustained fire step', () => {
    const spec = engagement([placed('e', 0, eldar()), placed('x', 1, enemy(0))], [shootStep(0, 1, { action: 'sustained', retireFrom: [1] })]);
    expect(() => new NeteaRunner(spec)).toThrow(/retires after shooting only with the advance or double action, not sustained/);
  });

  it('fire plan: one attack that retires after it is the general path\'s, bit for bit; a scene runs the general path', () => {
    const armed = formation('Eldar', [[4, unit('armed', { type: 'INF', armour: 4, speed: 35 }, [{ weapon: gun45 }])]], { points: 200, rules: ['hit-and-run-tactics'] });
    for (const action of ['advance', 'double'] as const) {
      const step: Step = shootStep(0, 1, { action, retireFrom: [1] });
      expectFirePlanSameAsGeneral(engagement([placed('e', 0, armed, { front: 0 }), placed('x', 1, enemy(2), { front: 30 })], [step]), 'hr-plan', 20_000);
    }
    expect(new NeteaRunner(sceneEngagement([armed], [enemy(2)], FIRE_30)).path).toBe('general (more than one step)');
  });
});
