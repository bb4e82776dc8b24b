import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { canChargeFrom, sceneEngagement, type SceneSetup } from '../../../src/rulesets/netea/scenarios/battleScenes.js';

const data = loadDataset();
const tactical = parseFormation(data, '6 Tactical');
const assault = parseFormation(data, '4 Assault');
const boyz = parseFormation(data, '6 Boyz');
const base: SceneSetup = { kind: 'assault', gap: 30, approachGap: 15, action: 'advance', turns: 1, cover: { kind: 'none' }, initiative: 0 };

describe('battle scenes', () => {
  it('a formation charges from a distance when half its units reach base contact with one move', () => {
    expect(tactical.units[0]!.unit.speed).toBe(15);
    expect(canChargeFrom(tactical, 15)).toBe(true);
    expect(canChargeFrom(tactical, 16)).toBe(false);
    expect(assault.units[0]!.unit.speed).toBe(30);
    expect(canChargeFrom(assault, 30)).toBe(true);
  });

  it('an assault: overwatch and the charge when the attacker reaches, a turn closing under fire when it does not', () => {
    const fast = sceneEngagement([assault, assault], [boyz], base);
    expect(fast.formations.map((f) => [f.id, f.side, f.front])).toEqual([['a1', 0, 0], ['a2', 0, 0], ['b1', 1, 30]]);
    expect(fast.steps.map((s) => s.kind)).toEqual(['assault']);
    expect(fast.steps[0]).toMatchObject({ by: [0], at: [2], support: [1], overwatch: [2], test: true });
    const slow = sceneEngagement([tactical], [boyz, boyz], base);
    expect(slow.formations.map((f) => f.front)).toEqual([0, 15, 15]);
    expect(slow.steps.map((s) => (s.kind === 'shoot' ? `${s.by}>${s.at} ${s.action}` : s.kind))).toEqual(['0>1 double', '1>0 advance', '2>0 advance', 'end-phase', 'end-turn', 'assault']);
    expect(slow.steps[5]).toMatchObject({ by: [0], at: [1], support: [2], overwatch: [] });
  });

  it('a firefight: the side with the initiative shoots first, formation i at enemy i mod n, every turn closed by an end phase', () => {
    const f = sceneEngagement([tactical], [boyz, boyz], { ...base, kind: 'firefight', turns: 2, initiative: 1 });
    expect(f.steps.map((s) => (s.kind === 'shoot' ? `${s.by}>${s.at}` : s.kind))).toEqual(['1>0', '2>0', '0>1', 'end-phase', 'end-turn', '1>0', '2>0', '0>1', 'end-phase', 'end-turn']);
  });
});
