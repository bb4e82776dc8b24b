import { describe, expect, it } from 'vitest';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { formationSpeed } from '../../../src/rulesets/netea/engine/formationSpeed.js';
import { speedFirstChance } from '../../../src/rulesets/netea/engine/speedInitiative.js';
import { initiativeChances } from '../../../src/reports/value/initiativeChances.js';
import { firstMoveChance } from '../../../src/rulesets/netea/engine/strategyRoll.js';

const data = loadBuiltinDataset();
const f = (text: string) => parseFormation(data, text);

describe('the faster formation chooses the fight (battle initiative "speed")', () => {
  it('P(A chooses) = clamp(½ + (a − b)/(2·ramp), 0, 1); a ramp of 0 is a step', () => {
    expect(speedFirstChance(15, 15, 30)).toBe(0.5);
    expect(speedFirstChance(30, 15, 30)).toBe(0.75);
    expect(speedFirstChance(15, 30, 30)).toBe(0.25);
    expect(speedFirstChance(45, 15, 30)).toBe(1);
    expect(speedFirstChance(60, 15, 30)).toBe(1);
    expect(speedFirstChance(0, 35, 30)).toBe(0);
    expect(speedFirstChance(20, 15, 0)).toBe(1);
    expect(speedFirstChance(15, 20, 0)).toBe(0);
    expect(speedFirstChance(20, 20, 0)).toBe(0.5);
  });

  it('a formation moves at its slowest unit, a passenger at its transport\'s speed (RB 1.7, 1.7.5)', () => {
    // 6 Tactical (15 cm) in 3 Rhinos (30 cm): all ride, so the formation moves at 30.
    expect(formationSpeed(f('codex-astartes/tactical-detachment'))).toBe(30);
    // Without the Rhinos it walks.
    expect(formationSpeed(f('codex-astartes/tactical-detachment+tactical-without-rhinos'))).toBe(15);
    // Terminators (15 cm) have no transport; Land Speeders move 35.
    expect(formationSpeed(f('codex-astartes/terminator-detachment'))).toBe(15);
    expect(formationSpeed(f('codex-astartes/land-speeder-detachment'))).toBe(35);
  });

  it('each opponent\'s chance by the battle\'s initiative: ½ alternating, the strategy roll, or the speeds', () => {
    const { battle } = loadBattle();
    const speeders = f('codex-astartes/land-speeder-detachment');
    const field = [f('codex-astartes/terminator-detachment'), f('codex-astartes/tactical-detachment'), f('codex-astartes/land-speeder-detachment')];
    expect(initiativeChances(speeders, field, { ...battle, initiative: { value: 'alternate', why: 'the plays alternate' } }, 'ground')).toEqual([0.5, 0.5, 0.5]);
    const roll = initiativeChances(speeders, field, { ...battle, initiative: { value: 'strategy-roll', why: 'the strategy roll chooses' } }, 'ground');
    expect(roll).toEqual(field.map((o) => firstMoveChance(speeders.strategyRating, o.strategyRating)));
    // 35 against 15, 30 and 35 cm, ramp 30: ½ + 20/60, ½ + 5/60, ½.
    const bySpeed = initiativeChances(speeders, field, { ...battle, initiative: { value: 'speed', ramp: 30, why: 'the faster formation chooses' } }, 'ground');
    expect(bySpeed[0]).toBeCloseTo(0.5 + 20 / 60, 15);
    expect(bySpeed[1]).toBeCloseTo(0.5 + 5 / 60, 15);
    expect(bySpeed[2]).toBe(0.5);
    // Aircraft and spacecraft play each scene once: the chance is not used.
    expect(initiativeChances(speeders, field, { ...battle, initiative: { value: 'speed', ramp: 30, why: 'the faster formation chooses' } }, 'aircraft')).toEqual([0.5, 0.5, 0.5]);
  });
});
