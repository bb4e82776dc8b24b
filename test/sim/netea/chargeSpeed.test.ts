import { describe, expect, it } from 'vitest';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { chargeSpeed } from '../../../src/rulesets/netea/engine/chargeSpeed.js';
import { formationSpeed } from '../../../src/rulesets/netea/engine/formationSpeed.js';
import { initiativeChances } from '../../../src/reports/value/initiativeChances.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { auditEntries, auditLists } from '../../../src/reports/audit/auditEntries.js';
import { itWithTp } from '../../helpers/tournamentPack.js';

const data = loadBuiltinDataset();
const f = (text: string) => parseFormation(data, text);

describe('how far off a formation can charge (chargeSpeed.ts)', () => {
  it('an infiltrator charges at twice its speed (RB 2.1.4); other units at their speed', () => {
    // 6 Rough Riders, 20 cm, infiltrators: 40 cm, where their move is 20.
    expect(chargeSpeed(f('steel-legion/rough-rider-platoon'))).toBe(40);
    expect(formationSpeed(f('steel-legion/rough-rider-platoon'))).toBe(20);
    // 4 Scouts (15 cm, infiltrators) on foot: 30 cm, their move 15.
    expect(chargeSpeed(f('codex-astartes/scout-detachment+scout-without-rhinos'))).toBe(30);
    expect(formationSpeed(f('codex-astartes/scout-detachment+scout-without-rhinos'))).toBe(15);
    // Terminators (15 cm, no infiltrators): their move.
    expect(chargeSpeed(f('codex-astartes/terminator-detachment'))).toBe(15);
  });

  it('a passenger goes at least as far as its transport moves (RB 1.7.5); the formation charges at its slowest', () => {
    // The Scouts in their Rhinos (30 cm): max(30, 2 × 15) = 30 for the Scouts, 30 for the Rhinos.
    expect(chargeSpeed(f('codex-astartes/scout-detachment'))).toBe(30);
    // Tactical in Rhinos: 30, as formationSpeed.ts.
    expect(chargeSpeed(f('codex-astartes/tactical-detachment'))).toBe(30);
    // An Ork warband with Kommandos (15 cm, infiltrators: 30) among Boyz and Nobz (15): the Boyz hold it to 15.
    expect(chargeSpeed(f('ork-war-horde/warband+extra-kommandos'))).toBe(15);
    // Four Kommandos alone: 30.
    expect(chargeSpeed(f('4 Kommandos'))).toBe(30);
  });

  it('without infiltrators it is the speed formationSpeed.ts gives, for every built-in formation', () => {
    for (const army of data.armies.values()) {
      for (const formation of army.formations) {
        const spec = f(`${army.id}/${formation.id}`);
        if (spec.units.some((ru) => ru.unit.abilities.includes('infiltrator'))) continue;
        expect(chargeSpeed(spec), spec.text).toBe(formationSpeed(spec));
      }
    }
  });

  itWithTp('the Tournament Pack: only formations all of whose units are infiltrators charge from farther than they move', (tpDir) => {
    const tp = loadDataset(tpDir);
    const ground = auditEntries(tp, auditLists(tp)).filter((e) => e.variantOf === undefined && e.spec !== undefined && e.kind === 'ground');
    const changed = ground.filter((e) => chargeSpeed(e.spec!) !== formationSpeed(e.spec!));
    for (const e of changed) expect(e.spec!.units.filter((ru) => ru.unit.type !== 'Special').every((ru) => ru.unit.abilities.includes('infiltrator')), e.text).toBe(true);
    // 27 of the 428 (docs/fair-cost.md): Rough Riders, Defilers, Mandrakes, Lictors, Genestealers and the rest, each at twice its speed.
    expect(changed.length).toBe(27);
    for (const e of changed) expect(chargeSpeed(e.spec!), e.text).toBe(2 * formationSpeed(e.spec!));
    // A Krieg engineers platoon rides a Hades breaching drill (0 cm): 0, as formationSpeed.ts says.
    const engineers = ground.find((e) => e.text === 'imperial-guard-death-korps-of-krieg/engineers-platoon')!;
    expect(chargeSpeed(engineers.spec!)).toBe(0);
  });

  it('the speed initiative with "speedBy": "charge": each opponent\'s chance on the charges, ramp 30', () => {
    const { battle } = loadBattle();
    const riders = f('steel-legion/rough-rider-platoon');
    const field = [f('codex-astartes/tactical-detachment'), f('codex-astartes/terminator-detachment'), f('codex-astartes/scout-detachment+scout-without-rhinos')];
    // Charges 40 against 30, 15 and 30: ½ + 10/60, ½ + 25/60, ½ + 10/60.
    const byCharge = initiativeChances(riders, field, { ...battle, initiative: { value: 'speed', ramp: 30, speedBy: 'charge', why: 'the formation charging from farther chooses' } }, 'ground');
    expect(byCharge[0]).toBeCloseTo(0.5 + 10 / 60, 15);
    expect(byCharge[1]).toBeCloseTo(0.5 + 25 / 60, 15);
    expect(byCharge[2]).toBeCloseTo(0.5 + 10 / 60, 15);
    // Moves 20 against 30, 15 and 15 (v5): ½ − 10/60, ½ + 5/60, ½ + 5/60.
    const byMove = initiativeChances(riders, field, battle, 'ground');
    expect(byMove[0]).toBeCloseTo(0.5 - 10 / 60, 15);
    expect(byMove[1]).toBeCloseTo(0.5 + 5 / 60, 15);
    expect(byMove[2]).toBeCloseTo(0.5 + 5 / 60, 15);
    // Without infiltrators on either side, "move" and "charge" agree.
    const tactical = f('codex-astartes/tactical-detachment');
    const plain = [f('codex-astartes/terminator-detachment'), f('codex-astartes/land-speeder-detachment')];
    expect(initiativeChances(tactical, plain, { ...battle, initiative: { value: 'speed', ramp: 30, speedBy: 'charge', why: 'the formation charging from farther chooses' } }, 'ground')).toEqual(initiativeChances(tactical, plain, battle, 'ground'));
  });

  it('the screen battle (battles/screens/charge-speed.json) is the reference battle v5 but for its initiative', () => {
    const reference = loadBattle().battle;
    const screen = loadBattle('battles/screens/charge-speed.json').battle;
    expect(screen.initiative).toMatchObject({ value: 'speed', ramp: 30, speedBy: 'charge' });
    const rest = (b: typeof reference) => ({ ...b, $schema: '', title: '', description: '', initiative: null });
    expect(rest(screen)).toEqual(rest(reference));
  });
});
