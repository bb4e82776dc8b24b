import { describe, expect, it } from 'vitest';
import { Battle } from '../../../src/model/battle.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { battleAirRaidOf } from '../../../src/model/battleField.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { planValue } from '../../../src/reports/value/formationValue.js';
import { formation, unit, weapon } from '../../helpers/fixtures.js';
import { problemsOf } from '../../helpers/simulate.js';

/**
 * A ground formation's value in a scene opened by an air raid (issue 32): the raiders' points
 * stand with the opponent side (P̄, fixedPointCost.ts) and their losses count among what the
 * formation destroys; a battle that names no raiders for the data set is refused by name.
 */

const run = { seed: 'air-raid-value', trials: 100, chunkSize: 50_000 };
const bomber = unit('bomber', { type: 'AC', armour: 6, aircraftSpeed: 'bomber', speed: 0 }, [{ weapon: weapon('guns', [{ range: 15, ap: 4 }]), multiplier: 2 }]);
const raiders = { ...formation('raiders', [[2, bomber]], { points: 150 }), armyId: 'enemy' };
const flakTrooper = unit('flak-trooper', { type: 'INF', armour: null }, [{ weapon: weapon('flak-rifle', [{ range: 45, aa: 5 }]) }]);
const mine = { ...formation('mine', [[4, flakTrooper]], { points: 100 }), armyId: 'own' };
const enemy = { ...formation('enemy', [[4, unit('trooper', { type: 'INF', armour: null })]], { points: 200 }), armyId: 'enemy' };

const battle = Battle.parse({
  ...loadBattle().battle,
  scenes: [
    { id: 'fire-30', kind: 'firefight', gap: 30, weight: 1, why: 'a turn of fire at 30 cm in the test battle' },
    { id: 'raid-30', kind: 'firefight', gap: 30, airRaid: true, weight: 1, why: 'the same turn opened by an air raid in the test battle' },
  ],
  alternatives: [
    { id: 'a', weights: { 'fire-30': 2 }, why: 'more plain fire, for the band' },
    { id: 'b', weights: { 'raid-30': 2 }, why: 'more air raids, for the band' },
  ],
  maxGroup: 2,
});

describe('the air raid in a formation\'s plan', () => {
  it('the raiders stand with the opponent side: their points in P̄, their losses in what the formation destroys', () => {
    const plan = planValue(mine, [enemy], battle, { ...run, airRaid: [raiders] });
    expect(plan.slots.map((s) => [battle.scenes[s.scene]!.id, s.initiative, s.defencePoints])).toEqual([['fire-30', 0, 0], ['fire-30', 1, 0], ['raid-30', 0, 150], ['raid-30', 1, 150]]);
    const tasks = plan.tasksFor(0, { m: 2, n: 1 });
    expect(tasks.map((t) => t.sideB.map((s) => s.points))).toEqual([[200], [200], [200, 150], [200, 150]]);
    expect(tasks[2]!.matchup).toBe('raid-30|A first|2x mine vs 1x enemy');
    expect(tasks[2]!.sideA).toHaveLength(2);
  });

  it('a battle with an air raid but no raiders for the data set is refused, naming the scene', () => {
    const problems = problemsOf(() => planValue(mine, [enemy], battle, run));
    expect(problems[0]!.path).toBe('scenes.raid-30.airRaid');
    expect(problems[0]!.message).toMatch(/names no raiding aircraft/);
  });

  it('the screen battle (battles/screens/air-raid.json) is the reference battle with two raided scenes and a Thunderbolt raid', () => {
    const screen = loadBattle('battles/screens/air-raid.json').battle;
    const reference = loadBattle().battle;
    expect(screen.scenes.filter((s) => s.airRaid).map((s) => [s.id, s.kind, s.gap, s.weight])).toEqual([['raid-30', 'firefight', 30, 0.02], ['raid-assault', 'assault', 15, 0.02]]);
    expect(screen.scenes.filter((s) => !s.airRaid)).toEqual(reference.scenes);
    expect(screen.airRaid['netea-tp']!.map((e) => e.formation)).toEqual(['imperial-guard-steel-legion/thunderbolt-squadron']);
    expect(screen.field).toEqual(reference.field);
  });

  it('the battle\'s raiders are read by data set, and a raider that does not fly is refused by name', () => {
    const data = loadDataset();
    const reference = loadBattle().battle;
    const withRaid = (formation: string) => ({ file: 'raid.json', battle: { ...reference, airRaid: { [data.id]: [{ formation, why: 'the raiders of the test battle' }] } } });
    expect(battleAirRaidOf(data, withRaid('imperial-navy/thunderbolt-squadron')).specs.map((f) => f.units.length)).toEqual([2]);
    expect(battleAirRaidOf(data, { file: 'reference.json', battle: reference }).specs).toEqual([]);
    const problems = problemsOf(() => battleAirRaidOf(data, withRaid('codex-astartes/tactical-detachment')));
    expect(problems).toEqual([{ file: 'raid.json', path: `airRaid.${data.id}`, message: '"codex-astartes/tactical-detachment" is not an aircraft formation; an air raid is flown by aircraft (RB 4.2)' }]);
  });

  it('only the scenes ground formations play open with an air raid', () => {
    const bad = { ...battle, scenes: [...battle.scenes, { id: 'air', kind: 'air-attack', gap: 15, airRaid: true, weight: 1, why: 'an air attack that cannot be raided' }] };
    const parsed = Battle.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['scenes.2.airRaid', 'only firefights and assaults (the scenes ground formations play) open with an air raid']]);
  });
});
