import { describe, expect, it } from 'vitest';
import { loadEpic40kLists } from '../../../src/rulesets/epic40k/model/load.js';
import { catalogueCount, findEpic40kArmy, listDetachments, MAX_UNITS } from '../../../src/rulesets/epic40k/model/listDetachments.js';
import { epic40kSceneEngagement, type Epic40kSceneSetup } from '../../../src/rulesets/epic40k/scenarios/battleScenes.js';
import { attackDice, COLUMN_B, COLUMN_C } from '../../../src/rulesets/epic40k/engine/firepowerTable.js';
import { binomialPmf } from '../../helpers/exact.js';
import { expectDistribution, expectP, problemsOf } from '../../helpers/simulate.js';
import { detachment, simulate40k, unit } from './fixtures.js';

/** The Epic 40,000 battle's scenes (battleScenes.ts) and the lists' catalogue detachments (listDetachments.ts). */

const TRIALS = 100_000;
const fire = (o: Partial<Epic40kSceneSetup> = {}): Epic40kSceneSetup => ({ kind: 'firefight', gap: 30, turns: 1, order: 'none', cover: 0, initiative: 0, ...o });
const shooters = () => detachment([6, unit('Shooter', { fp: 1, armour: 4 })]);
const targets = () => detachment([10, unit('Target', { fp: 0, armour: 4 })]);

describe('epic40k battle scenes', () => {
  it('a firefight, side 0 first: FP 6 at infantry in the open rolls 3 dice (column B, L1063), kills Binomial(3, 1/2) at Armor 4', () => {
    const spec = epic40kSceneEngagement([shooters()], [targets()], fire());
    expect(spec.steps.map((s) => s.kind)).toEqual(['shoot', 'shoot', 'rally', 'end-turn']);
    expect(attackDice(6, COLUMN_B)).toBe(3);
    const sim = simulate40k(spec, 'scene-open', TRIALS);
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(3, 1 / 2), ...new Array(7).fill(0)], TRIALS);
    // The targets have no firepower: nothing comes back.
    expect(sim.at(1, 0).unitsKilled.mean).toBe(0);
  });

  it('the same in cover ("obscured"): column C, 3 dice (L1063), at Armor 4 + 1 (L948-956): kills Binomial(3, 1/3)', () => {
    expect(attackDice(6, COLUMN_C)).toBe(3);
    const sim = simulate40k(epic40kSceneEngagement([shooters()], [targets()], fire({ cover: 1 })), 'scene-cover', TRIALS);
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(3, 1 / 3), ...new Array(7).fill(0)], TRIALS);
  });

  it('side 1 holding the initiative shoots first; two detachments facing one concentrate on it; each turn ends with the Rally Phase', () => {
    const sim = simulate40k(epic40kSceneEngagement([targets()], [shooters()], fire({ initiative: 1 })), 'scene-b-first', TRIALS);
    expectDistribution(sim.at(0, 0).unitsKilled.distribution, [...binomialPmf(3, 1 / 2), ...new Array(7).fill(0)], TRIALS);
    const two = epic40kSceneEngagement([shooters(), shooters()], [targets()], fire({ turns: 2 }));
    expect(two.steps.map((s) => (s.kind === 'shoot' ? `${s.by}>${s.at}` : s.kind))).toEqual(['0>2', '1>2', '2>0', 'rally', 'end-turn', '0>2', '1>2', '2>0', 'rally', 'end-turn']);
    expect(two.formations.map((f) => [f.side, f.front, f.order])).toEqual([[0, 15, 'none'], [0, 15, 'none'], [1, 15, 'none']]);
  });

  it('an assault by the side holding the initiative (side 1 here): 2 x Assault 4 against 2 x Assault 1, +4 (L1199), wins 33/34', () => {
    const spec = epic40kSceneEngagement([detachment([2, unit('Defender', { assault: 1 })])], [detachment([2, unit('Attacker', { assault: 4 })])], { ...fire({ initiative: 1 }), kind: 'assault', gap: 15 });
    expect(spec.formations.map((f) => f.order)).toEqual(['none', 'assault']);
    expect(spec.steps).toEqual([expect.objectContaining({ kind: 'assault', by: [1], at: [0], support: [] })]);
    const sim = simulate40k(spec, 'scene-assault', TRIALS);
    const a = sim.layout.records[0]!.assault!;
    expectP(sim.tally[a.attackerWins]! / TRIALS, 33 / 34, TRIALS);
  });
});

describe('epic40k catalogue detachments (listDetachments.ts)', () => {
  it('copies nearest 150 points, 1 to 20', () => {
    expect([5, 7, 9, 15, 26, 50, 54, 390].map(catalogueCount)).toEqual([MAX_UNITS, 20, 17, 10, 6, 3, 3, 1]);
  });

  it('every priced ground unit of the five lists but the characters, 101 in all; flyers, units no row prices and characters are skipped with the reason', () => {
    const lists = loadEpic40kLists();
    const counts = [...lists.values()].map((a) => [a.id, listDetachments(lists, a).formations.length]);
    expect(counts).toEqual([['chaos', 26], ['eldar', 15], ['imperium', 30], ['orks', 18], ['tyranids', 12]]);
    const imperium = listDetachments(lists, lists.get('imperium')!);
    expect(imperium.formations.find((f) => f.id === 'space-marines')).toMatchObject({ label: '10 Space Marines (150)', spec: { text: 'imperium/10 Space Marines', points: 150, armyId: 'imperium' } });
    expect(imperium.formations.find((f) => f.id === 'imperial-guard')!.spec.points).toBe(140);
    expect(imperium.skipped.map((s) => s.name)).toEqual(['Inquisitor Lord', 'Colonel', 'Deathstrike Launcher', 'Marauder', 'Thunderbolt', 'Chapter Master', 'Captain', 'Librarian', 'Thunderhawk', 'Imperial Leviathan']);
    expect(imperium.skipped[3]!.reason).toContain('flyer');
    expect(imperium.skipped[2]!.reason).toContain('priced by no row');
    expect(imperium.skipped[0]!.reason).toContain('a character');
  });

  it('an unknown list: one problem naming the option and the lists', () => {
    const p = problemsOf(() => findEpic40kArmy(loadEpic40kLists(), 'codex-astartes', 'option --vs'));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ file: 'option --vs' });
    expect(p[0]!.message).toContain('"chaos", "eldar", "imperium", "orks", "tyranids"');
  });
});
