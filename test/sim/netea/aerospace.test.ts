import { describe, expect, it } from 'vitest';
import type { Step } from '../../../src/rulesets/netea/model/spec.js';
import { barrageAp } from '../../../src/rulesets/netea/engine/barrageTable.js';
import { binomialPmf } from '../../helpers/exact.js';
import { EXACT_TRIALS, expectDistribution, expectP, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, unit, weapon } from '../../helpers/fixtures.js';

/**
 * Aircraft, flak, interception and spacecraft (RB 4.1-4.3, TP Aerospace)
 * against exact probabilities computed here from binomial terms; the Monte
 * Carlo (fixed seed) must put each inside its 99.9% interval.
 */

const N = EXACT_TRIALS;

/** P(k of n hit) for each k, with each hit then failing a save with chance `fail`. */
function killsOf(hits: number[], fail: number): number[] {
  const out: number[] = [];
  for (let h = 0; h < hits.length; h++) {
    const k = binomialPmf(h, fail);
    k.forEach((p, i) => (out[i] = (out[i] ?? 0) + hits[h]! * p));
  }
  return out;
}

const guns = weapon('strafing-guns', [{ range: 15, ap: 4 }]);
const hydraGuns = weapon('flak-autocannon', [{ range: 45, aa: 5 }]);
const interceptorGuns = weapon('interceptor-cannon', [{ range: 30, aa: 5 }]);
const fighterBomber = unit('fighter-bomber', { type: 'AC', armour: 6, aircraftSpeed: 'fighter-bomber', speed: 0 }, [{ weapon: guns, multiplier: 2 }]);
const bomber = unit('bomber', { type: 'AC', armour: 6, aircraftSpeed: 'bomber', speed: 0 }, [{ weapon: guns, multiplier: 2 }]);
const armouredBomber = unit('armoured-bomber', { type: 'AC', armour: 4, aircraftSpeed: 'bomber', speed: 0 });
const interceptor = unit('interceptor', { type: 'AC', armour: 6, aircraftSpeed: 'fighter', speed: 0 }, [{ weapon: interceptorGuns }]);
const hydra = unit('hydra', { type: 'AV', armour: 5 }, [{ weapon: hydraGuns, multiplier: 2 }]);
const flakTrooper = unit('flak-trooper', { type: 'INF', armour: null }, [{ weapon: weapon('flak-rifle', [{ range: 45, aa: 5 }]) }]);
const trooper = unit('trooper', { type: 'INF', armour: null });

const groundAttack = (flak: number[], extra: Partial<Extract<Step, { kind: 'ground-attack' }>> = {}): Step => ({ kind: 'ground-attack', label: 'ground attack', by: 0, at: 1, flak, cap: -1, test: false, retain: false, ...extra });
const flakStep = (phase: 'approach' | 'disengagement', moved = false): Step => ({ kind: 'flak', label: 'flak', by: 0, at: 1, phase, moved });

describe('aircraft: ground attack (RB 4.2.2)', () => {
  it('two fighter-bombers strafe four troopers with no flak: hits are Binomial(4, 1/2), each a kill', () => {
    const spec = engagement(
      [placed('air', 0, formation('air', [[2, fighterBomber]]), { front: 0 }), placed('ground', 1, formation('ground', [[4, trooper]]), { front: 15 })],
      [groundAttack([])],
    );
    const at = simulate(spec, 'ground-attack-no-flak');
    const exact = binomialPmf(4, 1 / 2);
    expectDistribution(at(0, 1).unitsKilled.distribution, exact);
    // Aircraft are never suppressed (RB 4.1.2): three Blast markers on the squadron change nothing.
    const suppressed = engagement(
      [placed('air', 0, formation('air', [[2, fighterBomber]]), { front: 0, blastMarkers: 3 }), placed('ground', 1, formation('ground', [[4, trooper]]), { front: 15 })],
      [groundAttack([])],
    );
    expectDistribution(simulate(suppressed, 'ground-attack-bm')(0, 1).unitsKilled.distribution, exact);
  });

  it('a ground attack through flak: the flak unit fires first (AA5+, 6+ save), the survivor attacks', () => {
    const spec = engagement(
      [placed('air', 0, formation('air', [[1, bomber]]), { front: 0 }), placed('ground', 1, formation('ground', [[1, flakTrooper], [3, trooper]]), { front: 15 })],
      [groundAttack([1])],
    );
    const at = simulate(spec, 'ground-attack-flak');
    const shotDown = (1 / 3) * (5 / 6);
    const hits = binomialPmf(2, 1 / 2);
    const exact = hits.map((p, k) => (1 - shotDown) * p + (k === 0 ? shotDown : 0));
    expectDistribution(at(0, 1).unitsKilled.distribution, exact);
    expectP(at(0, 0).destroyed.p, shotDown);
    // The bomber's Blast markers: one for coming under fire, one more if shot down; never broken.
    expectP(at(0, 0).blastMarkers.mean - 1, shotDown);
    expect(at(0, 0).broken.p).toBe(0);
  });

  it('combat air patrol intercepts before the flak, at +1 to hit (TP): AA5+ hits on 4+', () => {
    const spec = engagement(
      [
        placed('air', 0, formation('air', [[2, armouredBomber]]), { front: 0 }),
        placed('ground', 1, formation('ground', [[4, trooper]]), { front: 15 }),
        placed('cap', 1, formation('cap', [[2, interceptor]]), { front: 15 }),
      ],
      [groundAttack([], { cap: 2 })],
    );
    const at = simulate(spec, 'cap');
    // Two shots hitting on 4+, one per bomber, each failing a 4+ save half the time.
    const exact = killsOf(binomialPmf(2, 1 / 2), 1 / 2);
    expectDistribution(at(0, 0).unitsKilled.distribution, exact);
  });

  it('an aircraft action test: -1 per Blast marker, then all are removed; a failure stands down (RB 4.2.7)', () => {
    const spec = engagement(
      [placed('air', 0, formation('air', [[2, fighterBomber]], { initiative: 2 }), { front: 0, blastMarkers: 2 }), placed('ground', 1, formation('ground', [[4, trooper]]), { front: 15 })],
      [groundAttack([], { test: true })],
    );
    const at = simulate(spec, 'air-action-test');
    // D6 - 2 >= 2: passes on 4+.
    const exact = binomialPmf(4, 1 / 2).map((p, k) => 0.5 * p + (k === 0 ? 0.5 : 0));
    expectDistribution(at(0, 1).unitsKilled.distribution, exact);
    expect(at(0, 0).blastMarkers.mean).toBe(0);
  });
});

describe('flak and jinking (RB 4.2.3-4.2.4, TP Flak Attacks)', () => {
  const hydraBattery = formation('hydras', [[1, hydra]]);
  it('a Hydra fires at two bombers: two AA5+ shots, one per aircraft, each failing a 6+ save 5/6', () => {
    const spec = engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, formation('air', [[2, bomber]]), { front: 30 })], [flakStep('approach')]);
    const at = simulate(spec, 'flak-bombers');
    const exact = killsOf(binomialPmf(2, 1 / 3), 5 / 6);
    expectDistribution(at(0, 1).unitsKilled.distribution, exact);
    expect(at(0, 1).broken.p).toBe(0);
  });

  it('out of AA range: no shot and no Blast marker', () => {
    const spec = engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, formation('air', [[2, bomber]]), { front: 46 })], [flakStep('approach')]);
    const at = simulate(spec, 'flak-range', 20_000);
    expect(at(0, 1).unitsKilled.mean).toBe(0);
    expect(at(0, 1).blastMarkers.mean).toBe(0);
  });

  it('fighters do not jink before their attack by default; on disengagement they jink for a 4+ save', () => {
    const fighters = formation('air', [[2, fighterBomber]]);
    const approach = simulate(engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, fighters, { front: 30 })], [flakStep('approach')]), 'jink-approach');
    expectDistribution(approach(0, 1).unitsKilled.distribution, killsOf(binomialPmf(2, 1 / 3), 5 / 6));
    const away = simulate(engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, fighters, { front: 30 })], [flakStep('disengagement')]), 'jink-away');
    expectDistribution(away(0, 1).unitsKilled.distribution, killsOf(binomialPmf(2, 1 / 3), 1 / 2));
    const eager = simulate(engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, fighters, { front: 30 })], [flakStep('approach')], { jinkBeforeAttack: true }), 'jink-eager');
    expectDistribution(eager(0, 1).unitsKilled.distribution, killsOf(binomialPmf(2, 1 / 3), 1 / 2));
  });

  it('a jinking squadron loses its attack (jinkBeforeAttack)', () => {
    const spec = engagement(
      [placed('air', 0, formation('air', [[1, fighterBomber]]), { front: 0 }), placed('ground', 1, formation('ground', [[1, flakTrooper], [3, trooper]]), { front: 15 })],
      [groundAttack([1])],
      { jinkBeforeAttack: true },
    );
    const at = simulate(spec, 'jink-loses-attack');
    // A flak hit (1/3) makes it jink: no attack. Otherwise two AP4+ shots.
    const exact = binomialPmf(2, 1 / 2).map((p, k) => (2 / 3) * p + (k === 0 ? 1 / 3 : 0));
    expectDistribution(at(0, 1).unitsKilled.distribution, exact);
    expectP(at(0, 0).destroyed.p, (1 / 3) * (1 / 2));
  });

  it('disengagement flak from a formation that moved fires at -1 (TP): AA5+ hits on 6', () => {
    const spec = engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, formation('air', [[2, bomber]]), { front: 30 })], [flakStep('disengagement', true)]);
    const at = simulate(spec, 'flak-moved');
    expectDistribution(at(0, 1).unitsKilled.distribution, killsOf(binomialPmf(2, 1 / 6), 5 / 6));
  });

  it('each flak unit fires at an aircraft formation once per turn: approach and disengagement are not both', () => {
    const spec = engagement([placed('flak', 0, hydraBattery, { front: 0 }), placed('air', 1, formation('air', [[2, bomber]]), { front: 30 })], [flakStep('approach'), flakStep('disengagement')]);
    const at = simulate(spec, 'flak-once');
    expectDistribution(at(1, 1).unitsKilled.distribution, killsOf(binomialPmf(2, 1 / 3), 5 / 6));
    // Only the approach was an attack: one marker for coming under fire, one per aircraft lost.
    expectP(at(1, 1).blastMarkers.mean - 1, (2 / 3) * (5 / 6));
  });

  it('Blast markers suppress flak units, back to front ([A-8])', () => {
    const spec = engagement([placed('flak', 0, hydraBattery, { front: 0, blastMarkers: 1 }), placed('air', 1, formation('air', [[2, bomber]]), { front: 30 })], [flakStep('approach')]);
    const at = simulate(spec, 'flak-suppressed', 20_000);
    expect(at(0, 1).unitsKilled.mean).toBe(0);
  });
});

describe('spacecraft (RB 4.3)', () => {
  const bombardment = weapon('orbital-bombardment', [{ range: 10000, bp: 3, macroWeapon: true }]);
  const pinPoint = weapon('pin-point', [{ range: 10000, mw: 2, titanKiller: 1 }]);
  const cruiser = unit('cruiser', { type: 'SC', speed: 0 }, [{ weapon: bombardment }]);
  const sniper = unit('sniper-ship', { type: 'SC', speed: 0 }, [{ weapon: pinPoint }]);
  const marine = unit('marine', { type: 'INF', armour: 4 });
  const titan = unit('titan', { type: 'WE', armour: 5, damageCapacity: 3 });

  it('an orbital bombardment attacks every unit under its 12 cm template once, macro-weapon: no armour save', () => {
    const spec = engagement([placed('ship', 0, formation('ship', [[1, cruiser]]), { front: 0 }), placed('ground', 1, formation('marines', [[6, marine]]), { front: 30 })], [{ kind: 'orbital', label: 'orbital', by: 0, at: 1, test: false, retain: false }]);
    const at = simulate(spec, 'orbital');
    const p = (7 - barrageAp(3)) / 6;
    expectDistribution(at(0, 1).unitsKilled.distribution, binomialPmf(6, p));
  });

  it('pin-point attacks strike war engines only (RB 4.3.4)', () => {
    const mixed = formation('mixed', [[1, titan], [4, marine]]);
    const spec = engagement([placed('ship', 0, formation('ship', [[1, sniper]]), { front: 0 }), placed('ground', 1, mixed, { front: 30 })], [{ kind: 'orbital', label: 'orbital', by: 0, at: 1, test: false, retain: false }]);
    const at = simulate(spec, 'pin-point');
    // MW2+ Titan Killer (1): 5/6 to hit, no save: one point of damage, never a marine.
    expectP(at(0, 1).warEngineDamage.mean, 5 / 6);
    expect(at(0, 1).unitsKilled.mean).toBe(0);
    const infantry = simulate(engagement([placed('ship', 0, formation('ship', [[1, sniper]]), { front: 0 }), placed('ground', 1, formation('marines', [[4, marine]]), { front: 30 })], [{ kind: 'orbital', label: 'orbital', by: 0, at: 1, test: false, retain: false }]), 'pin-point-none', 20_000);
    expect(infantry(0, 1).unitsKilled.mean).toBe(0);
  });
});

describe('arriving from off the table: planetfall, teleport, drop pods (RB 2.1.17, 4.4, 5.1.2)', () => {
  const trooper = unit('trooper', { type: 'INF', armour: null });
  const gun = weapon('short-gun', [{ range: 15, ap: 2 }]);
  const gunner = unit('gunner', { type: 'INF', armour: 5 }, [{ weapon: gun }]);
  const arriving = (method: 'planetfall' | 'teleport' | 'drop-pod', front: number): Step => ({ kind: 'arrive', label: 'arrive', formation: 1, front, method });

  it('a formation off the table cannot be shot until it arrives', () => {
    const spec = engagement([placed('gun', 0, formation('gun', [[1, gunner]]), { front: 0 }), placed('late', 1, formation('late', [[1, trooper]]), { front: 5, offTable: true })], [{ kind: 'shoot', label: 'shoot', by: 0, at: 1, action: 'advance', crossfire: false, barrage: true, test: false, retain: false }]);
    const at = simulate(spec, 'off-table', 20_000);
    expect(at(0, 1).unitsKilled.mean).toBe(0);
    expect(at(0, 1).blastMarkers.mean).toBe(0);
  });

  it('planetfall scatters 2D6 cm in a random direction: landing aimed at the edge of a 15 cm gun\'s range is in range half the time', () => {
    const spec = engagement(
      [placed('gun', 0, formation('gun', [[1, gunner]]), { front: 0 }), placed('late', 1, formation('late', [[1, trooper]]), { front: 15, offTable: true })],
      [arriving('planetfall', 15), { kind: 'shoot', label: 'shoot', by: 0, at: 1, action: 'advance', crossfire: false, barrage: true, test: false, retain: false }],
    );
    const at = simulate(spec, 'scatter');
    // In range when the scatter's component along the line points towards the gun: P = 1/2; AP2+ hits 5/6.
    expectP(at(1, 1).destroyed.p, (1 / 2) * (5 / 6));
  });

  it('a teleporting formation takes a Blast marker for each unit that rolls a 1', () => {
    const spec = engagement([placed('gun', 0, formation('gun', [[1, gunner]]), { front: 0 }), placed('late', 1, formation('late', [[3, trooper]]), { front: 30, offTable: true })], [arriving('teleport', 30)]);
    const at = simulate(spec, 'teleport');
    // k 1s out of three dice, k markers; three break the formation (a broken one holds none).
    const ones = binomialPmf(3, 1 / 6);
    expectP(at(0, 1).broken.p, ones[3]!);
    const mean = ones[1]! + 2 * ones[2]!;
    const sd = Math.sqrt(ones[1]! + 4 * ones[2]! - mean * mean);
    expect(Math.abs(at(0, 1).blastMarkers.mean - mean)).toBeLessThanOrEqual((3.2905 * sd) / Math.sqrt(N));
  });

  it('a drop pod\'s Deathwind attacks every enemy unit within 15 cm once, AP5+: four troopers lose Binomial(4, 1/3)', () => {
    const spec = engagement(
      [placed('enemy', 0, formation('enemy', [[4, trooper]]), { front: 0 }), placed('pod', 1, formation('pod', [[1, gunner]]), { front: 0, offTable: true })],
      [arriving('drop-pod', 0)],
    );
    const at = simulate(spec, 'deathwind');
    expectDistribution(at(0, 0).unitsKilled.distribution, binomialPmf(4, 1 / 3));
  });
});
