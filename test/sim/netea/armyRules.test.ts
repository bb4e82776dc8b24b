import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { outcomeAt } from '../../../src/reports/aggregate.js';
import { tolerance999 } from '../../helpers/exact.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * Army rules that change tests (issue 17): TP Bravery (+1 to engage action
 * tests and rally tests, Knight and Support Households) and Iron-willed (+1
 * to rally tests, every Squat formation but Guild Robot Squadrons), against
 * exact probabilities.
 */

const N = 200_000;

function run(spec: EngagementSpec, seed: string) {
  const runner = new NeteaRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), N, tally);
  return { at: (record: number, f: number) => outcomeAt(tally, runner.layout, record, f), tally, layout: runner.layout };
}

const expectP = (got: number, exact: number) => expect(Math.abs(got - exact)).toBeLessThanOrEqual(tolerance999(exact, N));

const knight = unit('knight', { type: 'INF', armour: 4, cc: 4, ff: 4, speed: 20 });
const foe = unit('foe', { type: 'INF', armour: 4, cc: 4, ff: 4 });

describe('Bravery and Iron-willed', () => {
  // A broken formation far from the enemy rallies on D6 - 2 >= 2+ (1/2); with +1, on 3+ (2/3).
  it.each([
    [[], 1 / 2],
    [['bravery'], 1 / 3],
    [['iron-willed'], 1 / 3],
  ] as const)('a broken formation with %j stays broken after the end phase with P = %f', (rules, broken) => {
    const spec = engagement(
      [placed('knights', 0, formation('knights', [[2, knight]], { rules: [...rules], initiative: 2 }), { front: 100, broken: true }), placed('foe', 1, formation('foe', [[2, foe]]), { front: 100 })],
      [{ kind: 'end-phase', label: 'end phase' }],
    );
    expectP(run(spec, `rally-${rules.join()}`).at(0, 0).broken.p, broken);
  });

  // An engage action test on 4+ passes 1/2 of the time; with Bravery, on 3+: 2/3.
  it.each([
    [[], 1 / 2],
    [['bravery'], 2 / 3],
    [['unblooded'], 2 / 3],
    [['iron-willed'], 1 / 2],
    [['implacable-advance'], 1 / 2],
  ] as const)('an engage action test with %j passes with P = %f', (rules, pass) => {
    const spec = engagement(
      [placed('knights', 0, formation('knights', [[2, knight]], { rules: [...rules], initiative: 4 }), { front: 0 }), placed('foe', 1, formation('foe', [[2, foe]]), { front: 10 })],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [], overwatch: [], test: true, retain: false }],
    );
    const r = run(spec, `engage-${rules.join()}`);
    const L = r.layout.records[0]!.assault!;
    expectP(r.tally[L.fought]! / N, pass);
  });
});

describe('The Hive Mind', () => {
  const tyrant = unit('tyrant', { type: 'INF', armour: 4, cc: 3, ff: 4, synapse: 2 });
  const gaunt = unit('gaunt', { type: 'INF', armour: 6, cc: 4, ff: 6 });
  // Broken, far from the enemy: D6 - 2 >= 2+ stays broken 1/2; a synapse swarm with its Tyrant ignores the -2: 1/6.
  it.each([
    [[], 1 / 2],
    [['the-hive-mind'], 1 / 6],
  ] as const)('a broken swarm with a synapse unit and %j stays broken with P = %f', (rules, broken) => {
    const spec = engagement(
      [placed('swarm', 0, formation('swarm', [[1, tyrant], [4, gaunt]], { rules: [...rules], initiative: 2 }), { front: 100, broken: true }), placed('foe', 1, formation('foe', [[2, foe]]), { front: 100 })],
      [{ kind: 'end-phase', label: 'end phase' }],
    );
    expectP(run(spec, `hive-rally-${rules.join()}`).at(0, 0).broken.p, broken);
  });
  // Without a synapse unit a synapse swarm tests on 3+ whatever its initiative: an engage test at initiative 5+ passes 2/3, not 1/3.
  it.each([
    [[], 1 / 3],
    [['the-hive-mind'], 2 / 3],
  ] as const)('an engage action test by Gaunts alone with %j passes with P = %f', (rules, pass) => {
    const spec = engagement(
      [placed('swarm', 0, formation('swarm', [[4, gaunt]], { rules: [...rules], initiative: 5 }), { front: 0 }), placed('foe', 1, formation('foe', [[2, foe]]), { front: 10 })],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [], overwatch: [], test: true, retain: false }],
    );
    const r = run(spec, `hive-engage-${rules.join()}`);
    expectP(r.tally[r.layout.records[0]!.assault!.fought]! / N, pass);
  });
});

describe('Implacable Advance', () => {
  // A marshal action test on 4+ fails 1/2 of the time (a Blast marker that stays); with the rule, on 3+: 1/3.
  // A formation that passes regroups after shooting, so it ends without markers.
  const gun = weapon('gun', [{ range: 60, ap: 5 }]);
  const necron = unit('necron', { type: 'INF', armour: 4, cc: 4, ff: 4 }, [{ weapon: gun }]);
  it.each([
    [[], 1 / 2],
    [['implacable-advance'], 1 / 3],
    [['unblooded'], 1 / 2],
  ] as const)('a marshal action test with %j fails with P = %f', (rules, fail) => {
    const spec = engagement(
      [placed('necrons', 0, formation('necrons', [[4, necron]], { rules: [...rules], initiative: 4 }), { front: 10 }), placed('foe', 1, formation('foe', [[8, foe]]), { front: 10 })],
      [shootStep(0, 1, { action: 'marshal', test: true })],
    );
    expectP(run(spec, `marshal-${rules.join()}`).at(0, 0).blastMarkers.mean, fail);
  });
});

describeWithTp('which Tournament Pack formations carry them', (tpDir) => {
  const tp = loadDataset(tpDir);
  const rules = (text: string) => parseFormation(tp, text).rules;
  it('Bravery: the four Knight World households, not its Support Levy', () => {
    for (const h of ['knight-household', 'custodian-household', 'lancer-household', 'warden-household']) expect(rules(`adeptus-mechanicus-knight-world/${h}`)).toContain('bravery');
    expect(rules('adeptus-mechanicus-knight-world/infantry-platoon')).not.toContain('bravery');
  });
  it('Unblooded: Blood Claws, Skyclaws and Swiftclaws, not Grey Hunters; Implacable Advance: every Necron formation', () => {
    for (const f of ['blood-claws', 'skyclaws', 'swiftclaws']) expect(rules(`space-marine-space-wolves/${f}`)).toContain('unblooded');
    expect(rules('space-marine-space-wolves/great-company')).not.toContain('unblooded');
    expect(rules('necron/infantry-phalanx')).toContain('implacable-advance');
  });
  it('The Hive Mind: the Tyranid Swarm (the list\'s only synapse swarm), not the independent swarms or war engines', () => {
    expect(rules('tyranid/tyranid-swarm')).toContain('the-hive-mind');
    expect(rules('tyranid/biovore-swarm')).not.toContain('the-hive-mind');
    expect(rules('tyranid/hierodule-bio-titan')).not.toContain('the-hive-mind');
  });
  it('Iron-willed: every Squat formation but the Guild Robot Squadron', () => {
    expect(rules('squat/warrior')).toContain('iron-willed');
    expect(rules('squat/guild-robot-squadron')).not.toContain('iron-willed');
  });
});
