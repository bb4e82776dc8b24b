import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../../../src/rulesets/netea/engine/engagements.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { expectFirePlanSameAsGeneral } from '../../helpers/firePlanAgreement.js';

/**
 * A fire plan must be the general shooting procedure, only faster: for every
 * situation below both paths run the same trials from the same seed and must
 * produce the same tally, bit for bit (same dice, same order, same sums).
 */

const TRIALS = 20_000;

const expectSameAsGeneral = (spec: EngagementSpec): void => expectFirePlanSameAsGeneral(spec, 'fire-plan', TRIALS);

const missileLauncher = weapon('missile-launcher', [{ range: 45, ap: 5, at: 6 }]);
const bolter = weapon('bolter', [{ range: 30, ap: 5 }]);
const lascannon = weapon('lascannon', [{ range: 45, at: 5 }]);
const lance = weapon('lance', [{ range: 30, at: 4, lance: true }]);
const flamer = weapon('flamer', [{ range: 15, ap: 4, ignoreCover: true }]);
const d3Gun = weapon('d3-gun', [{ range: 30, ap: 4, shots: 'D3' }]);
const longShot = weapon('long-shot', [{ range: 30, ap: 3 }]);
const twoModes = weapon('two-modes', [{ range: 45, ap: 4 }, { range: 45, at: 4 }]);
const rearGun = weapon('rear-gun', [{ range: 30, ap: 5 }]);

const devastator = unit('devastator', { type: 'INF', armour: 4, cc: 5, ff: 3 }, [{ weapon: missileLauncher, multiplier: 2 }]);
const tactical = unit('tactical', { type: 'INF', armour: 4, cc: 4, ff: 4 }, [{ weapon: bolter }]);
const predator = unit('predator', { type: 'AV', armour: 4 }, [{ weapon: lascannon, multiplier: 2 }, { weapon: rearGun, arc: 'rear' }]);
const boyz = unit('boyz', { type: 'INF', armour: 6, cc: 4, ff: 6 });
const grot = unit('grot', { type: 'INF', armour: null, abilities: ['grot'] });
const rhino = unit('rhino', { type: 'AV', armour: 5 });
const buggy = unit('buggy', { type: 'LV', armour: 5 });
const raider = unit('raider', { type: 'AV', armour: 4, abilities: ['reinforced-armour'] });
const terminator = unit('terminator', { type: 'INF', armour: 4, abilities: ['reinforced-armour', 'invulnerable-save'] });
const thickRear = unit('thick-rear', { type: 'AV', armour: 4, abilities: ['thick-rear-armour'] });
const serf = unit('serf', { type: 'INF', armour: 6, abilities: ['expendable'] });
const fearless = unit('fearless', { type: 'INF', armour: 5, speed: 0, abilities: ['fearless'] });
const emplaced = unit('emplaced', { type: 'INF', armour: 6, speed: 0 });
const gunners = unit('gunners', { type: 'INF', armour: 5 }, [{ weapon: flamer }, { weapon: d3Gun }, { weapon: twoModes }, { weapon: lance }, { weapon: longShot }]);

const shooters = (n = 4) => placed('dev', 0, formation('Devastators', [[n, devastator]], { points: 250 }));

describe('fire plan: identical to the general shooting path', () => {
  it('plain AP fire at a horde, each action', () => {
    for (const action of ['advance', 'double', 'sustained', 'overwatch', 'hold'] as const) {
      expectSameAsGeneral(engagement([shooters(), placed('boyz', 1, formation('Boyz', [[8, boyz]], { points: 175 }))], [shootStep(0, 1, { action })]));
    }
  });

  it('cover (saves and obscuring, some units only), crossfire and thick rear armour', () => {
    const target = formation('mixed', [[3, tactical], [2, rhino], [2, thickRear]], { points: 300 });
    for (const crossfire of [false, true]) {
      expectSameAsGeneral(engagement([shooters(), placed('t', 1, target, { cover: { kind: 'save', save: 4 }, coverUnits: [0, 1] })], [shootStep(0, 1, { crossfire })]));
      expectSameAsGeneral(engagement([shooters(), placed('t', 1, target, { cover: { kind: 'obscured' } })], [shootStep(0, 1, { crossfire })]));
    }
  });

  it('suppression, starting Blast markers and the break test with TSKNF', () => {
    const marines = formation('marines', [[6, tactical]], { rules: ['they-shall-know-no-fear'], points: 300 });
    expectSameAsGeneral(engagement([shooters(6), placed('m', 1, marines, { blastMarkers: 4 })], [shootStep(0, 1)]));
    expectSameAsGeneral(engagement([placed('dev', 0, formation('Devastators', [[4, devastator]]), { blastMarkers: 2 }), placed('b', 1, formation('Boyz', [[8, boyz]]), { blastMarkers: 5 })], [shootStep(0, 1)]));
  });

  it('light and armoured vehicles: a firepower choice per weapon, fixed and made per attack', () => {
    expectSameAsGeneral(engagement([shooters(), placed('t', 1, formation('tacs and rhinos', [[6, tactical], [3, rhino]]))], [shootStep(0, 1)]));
    expectSameAsGeneral(engagement([placed('g', 0, formation('gunners', [[3, gunners]])), placed('t', 1, formation('buggies', [[2, buggy], [4, boyz], [2, raider]]))], [shootStep(0, 1, { crossfire: true })]));
  });

  it('reinforced armour, invulnerable saves, lance, ignore cover, dice shots, reach into deep ranks', () => {
    const target = formation('elite', [[3, terminator], [3, raider], [4, boyz]], { points: 400 });
    for (const rankWidth of [3, 100]) {
      expectSameAsGeneral(
        engagement([placed('g', 0, formation('gunners', [[4, gunners]]), { front: 5 }), placed('t', 1, target, { rankWidth, spacing: 6, front: 5, cover: { kind: 'save', save: 3 } })], [shootStep(0, 1)]),
      );
    }
  });

  it('expendable units and Grots place no Blast markers', () => {
    expectSameAsGeneral(engagement([shooters(), placed('s', 1, formation('serfs', [[4, serf], [3, tactical]]))], [shootStep(0, 1, { crossfire: true })]));
    expectSameAsGeneral(engagement([shooters(), placed('o', 1, formation('orks', [[4, grot], [4, boyz]]))], [shootStep(0, 1)]));
  });

  it('withdrawal casualties when a close target breaks, fearless units staying put', () => {
    const target = formation('close', [[3, boyz], [2, emplaced], [2, fearless]], { points: 140 });
    expectSameAsGeneral(engagement([placed('dev', 0, formation('Devastators', [[6, devastator]]), { front: 1 }), placed('c', 1, target, { front: 1, blastMarkers: 3 })], [shootStep(0, 1)], { withdrawOnBreak: true }));
  });

  it('other formations on the table are recorded unchanged; rear-arc weapons as the general path fires them', () => {
    expectSameAsGeneral(
      engagement(
        [placed('p', 0, formation('predators', [[3, predator]])), placed('t', 1, formation('tacs', [[4, tactical], [2, rhino]])), placed('spare', 1, formation('spare', [[3, boyz]]), { blastMarkers: 1, broken: true })],
        [shootStep(0, 1)],
      ),
    );
  });

  it('round robin: kinds of hit with different saves, dice shots, to-hit rolls of 7+, units worth different points, hits going round the list', () => {
    const close = { front: 2, rankWidth: 100 };
    const mixedGuns = unit('mixed-guns', { type: 'INF', armour: 5 }, [{ weapon: flamer }, { weapon: bolter }, { weapon: d3Gun }, { weapon: weapon('poor-shot', [{ range: 45, ap: 6 }]) }]);
    const boyzInCover = placed('b', 1, formation('Boyz', [[3, boyz]], { points: 100 }), { ...close, cover: { kind: 'save', save: 4 } });
    for (const action of ['advance', 'double'] as const) {
      const spec = engagement([placed('g', 0, formation('mixed', [[3, mixedGuns]]), close), boyzInCover], [shootStep(0, 1, { action, crossfire: true })]);
      expect(new NeteaRunner(spec).firePlan?.roundRobin).toBe(true);
      expectSameAsGeneral(spec);
    }
    // Units worth different points (upgrades add theirs to the units they bring): the plan adds them death by death.
    const priced = formation('priced', [[2, boyz], [2, emplaced]], { points: 100 });
    const unequal = { ...priced, units: priced.units.map((u, i) => ({ ...u, points: [100 / 3, 17.1, 0.7, 41.9][i]! })) };
    const pricedSpec = engagement([placed('g', 0, formation('mixed', [[3, mixedGuns]]), close), placed('p', 1, unequal, { ...close, blastMarkers: 1 })], [shootStep(0, 1)], { withdrawOnBreak: true });
    expect(new NeteaRunner(pricedSpec).firePlan?.rrPointsEach).toBe(true);
    expectSameAsGeneral(pricedSpec);
    const obscured = engagement([placed('g', 0, formation('mixed', [[3, mixedGuns]]), close), placed('b', 1, formation('Boyz', [[3, boyz]]), { ...close, cover: { kind: 'obscured' } })], [shootStep(0, 1, { action: 'double' })]);
    expectSameAsGeneral(obscured);
  });

  it('round robin: units outside the list withdraw; more than 32 units are allocated by load', () => {
    const atOnly = unit('at-only', { type: 'AV', armour: 4 }, [{ weapon: lascannon, multiplier: 2 }]);
    const target = formation('rhinos and guns', [[2, rhino], [3, emplaced]], { points: 200 });
    const withdraw = engagement([placed('a', 0, formation('at', [[4, atOnly]]), { front: 1 }), placed('t', 1, target, { front: 1, blastMarkers: 3 })], [shootStep(0, 1)], { withdrawOnBreak: true });
    expect(new NeteaRunner(withdraw).firePlan?.roundRobin).toBe(true);
    expectSameAsGeneral(withdraw);
    const horde = engagement([shooters(20), placed('b', 1, formation('horde', [[36, boyz]], { points: 700 }))], [shootStep(0, 1)]);
    expect(new NeteaRunner(horde).firePlan?.roundRobin).toBe(false);
    expectSameAsGeneral(horde);
  });

  it('built-in formations', () => {
    const d = loadBuiltinDataset();
    const pairs: Array<[string, string]> = [
      ['4 Devastator', '8 Ork Boyz'],
      ['codex-astartes/tactical', 'ork-war-horde/warband'],
      ['ork-war-horde/warband', 'codex-astartes/tactical'],
      ['6 Tactical, 3 Rhino', '6 Tactical, 3 Rhino'],
    ];
    for (const [a, b] of pairs) {
      expectSameAsGeneral(shootEngagement(parseFormation(d, a), parseFormation(d, b), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH }));
    }
  });

  it('names why the general path runs when no plan applies', () => {
    const d = loadBuiltinDataset();
    const atWarhound = shootEngagement(parseFormation(d, '4 Devastator'), parseFormation(d, 'Warhound'), { action: 'advance', crossfire: false, geometry: DEFAULT_GEOMETRY, attacker: FRESH, target: FRESH });
    expect(new NeteaRunner(atWarhound).path).toBe('general (the target has war engines)');
    const boyzFormation = formation('Boyz', [[8, boyz]]);
    expect(new NeteaRunner(engagement([shooters(), placed('b', 1, boyzFormation, { broken: true })], [shootStep(0, 1)])).path).toBe('general (the target is broken (its Blast markers become hits))');
    expect(new NeteaRunner(engagement([shooters(), placed('b', 1, boyzFormation)], [shootStep(0, 1), shootStep(0, 1)])).path).toBe('general (more than one step)');
    const mw = unit('mw', { type: 'INF', armour: 5 }, [{ weapon: weapon('mw-gun', [{ range: 45, ap: 4, macroWeapon: true }]) }]);
    expect(new NeteaRunner(engagement([placed('m', 0, formation('mw', [[2, mw]])), placed('b', 1, boyzFormation)], [shootStep(0, 1)])).path).toBe('general (macro-weapon, Titan Killer, sniper or disrupt hits)');
  });
});
