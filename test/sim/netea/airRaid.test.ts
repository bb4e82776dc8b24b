import { describe, expect, it } from 'vitest';
import { AIR_RAID_GAP, sceneEngagement, type SceneSetup } from '../../../src/rulesets/netea/scenarios/battleScenes.js';
import { engagementTallyLayout } from '../../../src/sim/engagementTallyLayout.js';
import { binomialPmf } from '../../helpers/exact.js';
import { expectDistribution, expectP, simulate } from '../../helpers/simulate.js';
import { formation, unit, weapon } from '../../helpers/fixtures.js';

/**
 * A battle scene opened by an air raid (battleScenes.ts airRaidSteps; RB 4.2.1-4.2.4, TP Flak
 * Attacks): the opponent's aircraft make a ground attack on side A through side A's own flak, then
 * the scene is played as written. The raid's outcome against exact probabilities worked out here
 * (fixed seed, 99.9% intervals).
 */

const strafingGuns = weapon('strafing-guns', [{ range: 15, ap: 4 }]);
const bomber = unit('bomber', { type: 'AC', armour: 6, aircraftSpeed: 'bomber', speed: 0 }, [{ weapon: strafingGuns, multiplier: 2 }]);
const flakTrooper = unit('flak-trooper', { type: 'INF', armour: null }, [{ weapon: weapon('flak-rifle', [{ range: 45, aa: 5 }]) }]);
const trooper = unit('trooper', { type: 'INF', armour: null });

// Initiative 2: the bomber's action test (RB 4.2.7, no Blast markers yet) passes on 2+; a failure stands it down.
const raiders = formation('raiders', [[1, bomber]], { initiative: 2 });
const flakGroup = formation('flak group', [[1, flakTrooper], [3, trooper]]);
const plainGroup = formation('plain group', [[4, trooper]]);
const enemy = formation('enemy', [[4, trooper]]);
const fire30: SceneSetup = { kind: 'firefight', gap: 30, approachGap: 15, action: 'advance', turns: 1, cover: { kind: 'none' }, initiative: 1 };

const PASS = 5 / 6;
// Flak: one AA5+ shot (1/3), the bomber failing its 6+ save (5/6); it cannot jink (RB 4.2.3).
const SHOT_DOWN = (1 / 3) * (5 / 6);

/** Side A's units killed: the survivor's two AP4+ shots at unarmoured troopers, each hit a kill. */
function raidKills(shotDown: number): number[] {
  return binomialPmf(2, 1 / 2).map((p, k) => PASS * ((1 - shotDown) * p + (k === 0 ? shotDown : 0)) + (k === 0 ? 1 - PASS : 0));
}

describe('a scene opened by an air raid', () => {
  it('the raiders stand on side B after its group, 15 cm from side A, and attack first whoever holds the initiative', () => {
    const spec = sceneEngagement([flakGroup, flakGroup], [enemy], { ...fire30, airRaid: [raiders] });
    expect(spec.formations.map((f) => [f.id, f.side, f.front])).toEqual([['a1', 0, 0], ['a2', 0, 0], ['b1', 1, 30], ['raid1', 1, AIR_RAID_GAP]]);
    expect(spec.steps.map((s) => s.kind)).toEqual(['ground-attack', 'shoot', 'shoot', 'shoot', 'end-phase', 'end-turn']);
    // Every formation of side A with AA weapons fires flak; the raider attacks a1, raider i formation i mod m.
    expect(spec.steps[0]).toMatchObject({ by: 3, at: 0, flak: [0, 1], cap: -1, test: true });
    // Side B's volley targets its ground group only: the raiders are never shot at by ground fire (RB 4.2.3).
    expect(spec.steps.filter((s) => s.kind === 'shoot').map((s) => (s.kind === 'shoot' ? `${s.by}>${s.at}` : ''))).toEqual(['2>0', '0>2', '1>2']);
    const assault = sceneEngagement([plainGroup], [enemy], { ...fire30, kind: 'assault', gap: 15, airRaid: [raiders] });
    expect(assault.steps.map((s) => s.kind)).toEqual(['ground-attack', 'assault']);
    expect(assault.steps[0]).toMatchObject({ by: 2, at: 0, flak: [] });
    expect(sceneEngagement([flakGroup], [enemy], fire30).formations).toHaveLength(2);
  });

  it('through the target\'s flak: shot down with chance 1/3 × 5/6 before it attacks, else two AP4+ shots', () => {
    const spec = sceneEngagement([flakGroup], [enemy], { ...fire30, airRaid: [raiders] });
    const last = engagementTallyLayout(spec).records.length - 1;
    const at = simulate(spec, 'air-raid-flak');
    expectDistribution(at(last, 0).unitsKilled.distribution, raidKills(SHOT_DOWN));
    expectP(at(last, 2).destroyed.p, PASS * SHOT_DOWN);
    expect(at(last, 1).unitsKilled.mean).toBe(0);
  });

  it('a formation without AA weapons still suffers the raid and shoots nothing down', () => {
    const spec = sceneEngagement([plainGroup], [enemy], { ...fire30, airRaid: [raiders] });
    const last = engagementTallyLayout(spec).records.length - 1;
    const at = simulate(spec, 'air-raid-no-flak');
    expectDistribution(at(last, 0).unitsKilled.distribution, raidKills(0));
    expect(at(last, 2).destroyed.p).toBe(0);
  });
});
