import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import { regroup } from '../../../src/rulesets/netea/engine/morale.js';
import { setAttackProfile } from '../../../src/rulesets/netea/engine/assault/attacks.js';
import { killPassengers } from '../../../src/rulesets/netea/engine/damage.js';
import { intercept } from '../../../src/rulesets/netea/engine/aerospace/intercept.js';
import { DEFAULT_OPTIONS, type EngagementSpec, type NeteaOptions } from '../../../src/rulesets/netea/model/spec.js';
import { playsTournamentPackChanges, variantOptions } from '../../../src/rulesets/netea/model/rulesVariant.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { probability } from '../../../src/reports/aggregate.js';
import { tolerance999 } from '../../helpers/exact.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * The 2004 rulebook as a rules variant: each Tournament Pack change the engine plays as a
 * switch, played both ways with forced dice (../shared/rules/netea-tournament-pack.md section 3).
 */

const TP = DEFAULT_OPTIONS;
const RB = variantOptions('rulebook-2004');
const withOptions = (spec: EngagementSpec, options: NeteaOptions): EngagementSpec => ({ ...spec, options });

function runnerFor(spec: EngagementSpec, options: NeteaOptions, dice: number[] = []) {
  const runner = new NeteaRunner(withOptions(spec, options));
  runner.reset(new ScriptedDice(dice));
  return runner;
}

describe('the rulebook-2004 variant', () => {
  it('turns every Tournament Pack switch off, and the fire and assault plans give way to the general procedure', () => {
    expect(RB).toMatchObject({ barrage3bpAt: 6, passengersSaveAgainstMacroWeapons: false, tsknfAssaultAndLeaders: false, titanKillerDamageAtAllocation: false, interceptorBonus: false, flakMovedPenalty: false, interceptionUnderFireMarker: false, closeCombatOnlyInContact: false });
    expect(variantOptions('netea')).toEqual(TP);
    expect(playsTournamentPackChanges(TP)).toBe(true);
    expect(playsTournamentPackChanges(RB)).toBe(false);
    const spec = engagement([placed('a', 0, formation('a', [[2, unit('gun', { type: 'AV' }, [{ weapon: weapon('ap', [{ range: 45, ap: 4 }]) }])]])), placed('b', 1, formation('b', [[4, unit('inf', { type: 'INF', armour: 5 })]]))], [shootStep(0, 1)]);
    expect(new NeteaRunner(withOptions(spec, TP)).path).toBe('fire plan');
    expect(new NeteaRunner(withOptions(spec, RB)).path).toBe("general (the 2004 rulebook's rules, which the plans do not play)");
  });

  it('RB 1.7.5: passengers of a Rhino a macro-weapon destroyed die; under the TP each takes its invulnerable save (a 6 and a 1: one lives)', () => {
    const rhino = unit('rhino', { type: 'AV', armour: 5, speed: 30, transport: 2, abilities: ['transport'] });
    const terminator = unit('veteran', { type: 'INF', armour: 4, abilities: ['invulnerable-save'] });
    const spec = engagement([placed('a', 0, formation('a', [[1, unit('gun', { type: 'AV' })]])), { ...placed('b', 1, formation('b', [[1, rhino], [2, terminator]])), embarked: true }], [shootStep(0, 1)]);
    // Against a macro-weapon only the invulnerable save is left (TP 2.2.6).
    const tp = runnerFor(spec, TP);
    killPassengers(tp.e, 1, C.H_MW, false, new ScriptedDice([6, 1]));
    expect([tp.e.stAlive[2], tp.e.stAlive[3]]).toEqual([1, 0]);
    const rb = runnerFor(spec, RB);
    killPassengers(rb.e, 1, C.H_MW, false, new ScriptedDice([]));
    expect([rb.e.stAlive[2], rb.e.stAlive[3]]).toEqual([0, 0]);
  });

  it('They Shall Know No Fear: a Space Marine leader removes two Blast markers when regrouping under the TP, one under the 2004 rulebook (highest of a 3 and a 2: 3)', () => {
    const marine = unit('marine', { type: 'INF', armour: 4 });
    const captain = unit('captain', { type: 'INF', armour: 4, abilities: ['leader'] });
    const spec = engagement([placed('a', 0, formation('a', [[1, captain], [5, marine]], { rules: ['they-shall-know-no-fear'] })), placed('b', 1, formation('b', [[1, marine]]))], [shootStep(0, 1)]);
    for (const [options, left] of [[TP, 1], [RB, 2]] as const) {
      const r = runnerFor(spec, options);
      r.e.fBm[0] = 6;
      const dice = new ScriptedDice([3, 2]);
      regroup(r.e, 0, dice);
      expect(r.e.fBm[0]).toBe(left);
    }
  });

  it('Titan Killer at allocation: the first TK(D3) hit rolling 3 fills a DC 3 war engine, so the second hits the next one (TP); counted as one hit, both stay on the first (2004)', () => {
    const tk = weapon('tk', [{ range: 75, mw: 2, titanKiller: 'D3', shots: 2 }]);
    const engine = unit('engine', { type: 'WE', armour: 5, cc: 4, ff: 4, damageCapacity: 3, speed: 15 });
    const spec = engagement([placed('a', 0, formation('a', [[1, unit('gun', { type: 'AV' }, [{ weapon: tk }])]]), { front: 0 }), placed('t', 1, formation('t', [[2, engine]]), { front: 30, rankWidth: 1 })], [shootStep(0, 1)]);
    // Hits 6, 6; D3 of 3 (a 5) then 1 (a 1); critical rolls of 2 for each point of damage.
    for (const [options, dcLeft] of [[TP, [0, 2]], [RB, [0, 3]]] as const) {
      const r = new NeteaRunner(withOptions(spec, options));
      const rng = new ScriptedDice([6, 6, 5, 1, 2, 2, 2, 2]);
      r.reset(rng);
      shoot(r.e, 0, 1, C.ACTION_ADVANCE, false, true, rng);
      expect([r.e.stDC[1], r.e.stDC[2]]).toEqual(dcLeft);
    }
  });

  it('interceptors: AA5+ hits on a 4 with the TP\'s +1 and the bomber takes a Blast marker for coming under fire; under the 2004 rulebook the 4 misses and no marker is placed', () => {
    const aa = weapon('aa', [{ range: 30, aa: 5 }]);
    const fighter = unit('fighter', { type: 'AC', armour: 6, aircraftSpeed: 'fighter', speed: 0 }, [{ weapon: aa }]);
    const bomber = unit('bomber', { type: 'AC', armour: 4, aircraftSpeed: 'bomber', speed: 0 });
    const spec = engagement([placed('f', 0, formation('f', [[1, fighter]])), placed('b', 1, formation('b', [[1, bomber]]))], [{ kind: 'intercept', label: 'intercept', by: 0, at: 1, test: false, retain: false }] as never);
    // TP: a 4 hits; the bomber makes its 4+ save on a 6; one Blast marker, for coming under fire.
    const tp = runnerFor(spec, TP);
    intercept(tp.e, 0, 1, new ScriptedDice([4, 6]));
    expect(tp.e.stAlive[1]).toBe(1);
    expect(tp.e.fBmPlaced[1]).toBe(1);
    const rb = runnerFor(spec, RB);
    intercept(rb.e, 0, 1, new ScriptedDice([4]));
    expect(rb.e.stAlive[1]).toBe(1);
    expect(rb.e.fBmPlaced[1]).toBe(0);
  });

  it('close combat weapons only: out of contact such a unit has no attack under the TP, its firefight value (5+) under the 2004 rulebook', () => {
    // No ranged weapon at all: close combat only (unitProfile.ts).
    const berserker = unit('berserker', { type: 'INF', armour: 5, cc: 3, ff: 5 });
    const spec = engagement([placed('a', 0, formation('a', [[1, berserker]])), placed('b', 1, formation('b', [[1, unit('inf', { type: 'INF', armour: 5 })]]))], [shootStep(0, 1)]);
    for (const [options, value] of [[TP, C.NONE], [RB, 5]] as const) {
      const r = runnerFor(spec, options);
      expect(r.e.uFlags[0]! & C.U_CC_ONLY).toBe(C.U_CC_ONLY);
      r.e.asContact[0] = 0;
      setAttackProfile(r.e, 0, false);
      expect(r.e.asAtkValue[0]).toBe(value);
    }
  });

  it('the assault: under the TP a stalled attack loses before its support fires; under the 2004 rulebook the support fires with the fight (exact, one round, 99.9%)', () => {
    // Attacker CC 6+, defender CC 2+, a supporting unit FF 2+ within 15 cm; no armour, so every hit kills.
    const a = formation('a', [[1, unit('ua', { type: 'INF', cc: 6, ff: 6, speed: 15 })]]);
    const d = formation('d', [[1, unit('ud', { type: 'INF', cc: 2, ff: 6, speed: 15 })]]);
    // A gun makes it a firefighter (a unit with no ranged weapon fights in base contact only, TP 1.12.5).
    const s = formation('s', [[1, unit('us', { type: 'INF', cc: 6, ff: 2, speed: 15 }, [{ weapon: weapon('lasgun', [{ range: 30, ap: 6 }]) }])]]);
    const spec = engagement(
      [placed('a', 0, a, { front: 5 }), placed('d', 1, d, { front: 5 }), placed('s', 0, s, { front: 5 })],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [2], overwatch: [], test: false, retain: false }],
      { maxAssaultRounds: 1 },
    );
    const N = 200_000;
    const run = (options: NeteaOptions) => {
      const runner = new NeteaRunner(withOptions(spec, { ...options, maxAssaultRounds: 1 }));
      const tally = new Float64Array(runner.layout.length);
      runner.run(rngFromSeed('rb2004-assault'), N, tally);
      const L = runner.layout.records[0]!.assault!;
      return { defenderWins: probability(tally[L.defenderWins]!, N).p, noResult: probability(tally[L.noResult]!, N).p };
    };
    // Both: the attacker dies with 5/6; with neither dead (5/216 in both) the result roll decides.
    // TP: the attacker dead ends it (25/36 to the defender, 5/36 both dead); the support fires only after.
    // RB 2004: the defender dies to the attacker or the support, 31/36: both dead 155/216, the defender alone wins 25/216.
    const tp = run(TP);
    const rb = run(RB);
    const within = (p: number, lo: number, hi: number) => {
      expect(p).toBeGreaterThanOrEqual(lo - tolerance999(lo, N));
      expect(p).toBeLessThanOrEqual(hi + tolerance999(hi, N));
    };
    within(tp.defenderWins, 150 / 216, 155 / 216);
    within(tp.noResult, 30 / 216, 35 / 216);
    within(rb.defenderWins, 25 / 216, 30 / 216);
    within(rb.noResult, 155 / 216, 160 / 216);
  });
});
