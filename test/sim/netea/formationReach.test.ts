import { describe, expect, it } from 'vitest';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import type { WeaponMode } from '../../../src/model/schema.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { formationReach, indirectReach } from '../../../src/rulesets/netea/engine/formationReach.js';
import { initiativeChances } from '../../../src/reports/value/initiativeChances.js';

const data = loadBuiltinDataset();
const f = (text: string) => parseFormation(data, text);

/** The formation with every weapon's modes replaced by `modes` (a weapon profile the built-in data lack). */
function armedWith(spec: FormationSpec, modes: Array<Partial<WeaponMode>>): FormationSpec {
  const full = modes.map((m): WeaponMode => ({ range: 0, kind: 'ranged', shots: 1, macroWeapon: false, ignoreCover: false, disrupt: false, lance: false, sniper: false, singleShot: false, slowFiring: false, indirectFire: false, firstStrike: false, guidedMissile: false, engageOnly: false, otherRules: [], ...m }));
  return { ...spec, units: spec.units.map((ru) => ({ ...ru, weapons: ru.weapons.map((w) => ({ ...w, weapon: { ...w.weapon, modes: full } })) })) };
}

describe('how far off a formation can hit a ground formation (formationReach.ts)', () => {
  it('an advance: its speed plus its longest ground-attack range (RB 1.7, 1.9)', () => {
    // Tactical in Rhinos: 30 cm, missile launchers 45 cm (AP5+/AT6+); bolters are small arms.
    expect(formationReach(f('codex-astartes/tactical-detachment'))).toBe(75);
    // On foot: 15 + 45.
    expect(formationReach(f('codex-astartes/tactical-detachment+tactical-without-rhinos'))).toBe(60);
    // Terminators: 15 cm, assault cannon 30 cm.
    expect(formationReach(f('codex-astartes/terminator-detachment'))).toBe(45);
    // Land Speeders: 35 cm, multi-melta MW5+ at 15 cm.
    expect(formationReach(f('codex-astartes/land-speeder-detachment'))).toBe(50);
  });

  it('a barrage without moving: an indirect-fire weapon\'s range doubled (RB 1.9.8)', () => {
    // Whirlwinds: 30 cm, 1BP at 45 cm indirect: max(30 + 45, 2 × 45) = 90.
    expect(formationReach(f('codex-astartes/whirlwind-detachment'))).toBe(90);
    // A 20 cm indirect weapon on a 30 cm vehicle reaches farther by advancing: max(30 + 20, 40) = 50.
    expect(formationReach(armedWith(f('codex-astartes/whirlwind-detachment'), [{ range: 20, bp: 1, indirectFire: true }]))).toBe(50);
  });

  it('a charge only, when nothing it carries can shoot a ground formation (RB 1.12)', () => {
    // Assault marines: bolt pistols are small arms, chainswords assault weapons: their speed, 30 cm.
    expect(formationReach(f('codex-astartes/assault-detachment'))).toBe(30);
    // An AA-only mode cannot hit ground formations (RB 4.2.4); an engage-only mode fires only when charging.
    const tactical = f('codex-astartes/tactical-detachment');
    expect(formationReach(armedWith(tactical, [{ range: 60, aa: 5 }]))).toBe(30);
    expect(formationReach(armedWith(tactical, [{ range: 60, at: 4, engageOnly: true }]))).toBe(30);
    expect(formationReach(armedWith(tactical, [{ range: 60, mw: 4 }]))).toBe(90);
  });

  it('by indirect fire only: a barrage\'s doubled range, else the speed (RB 1.9.8, 1.12)', () => {
    // Whirlwinds: 2 × 45 = 90 against a speed of 30.
    expect(indirectReach(f('codex-astartes/whirlwind-detachment'))).toBe(90);
    // No indirect weapon: the speed (Rhinos 30, Terminators 15, Land Speeders 35); the missile launchers' 45 cm needs a line of fire.
    expect(indirectReach(f('codex-astartes/tactical-detachment'))).toBe(30);
    expect(indirectReach(f('codex-astartes/terminator-detachment'))).toBe(15);
    expect(indirectReach(f('codex-astartes/land-speeder-detachment'))).toBe(35);
    // A 10 cm barrage on a 30 cm vehicle: its speed; an indirect AA-only mode does not count.
    const whirlwinds = f('codex-astartes/whirlwind-detachment');
    expect(indirectReach(armedWith(whirlwinds, [{ range: 10, bp: 1, indirectFire: true }]))).toBe(30);
    expect(indirectReach(armedWith(whirlwinds, [{ range: 60, aa: 5, indirectFire: true }]))).toBe(30);
  });

  it('the battle\'s "reach" initiative: P(A chooses) = clamp(½ + (ρa − ρb)/(2·ramp), 0, 1)', () => {
    const { battle } = loadBattle();
    const whirlwinds = f('codex-astartes/whirlwind-detachment');
    const field = [f('codex-astartes/terminator-detachment'), f('codex-astartes/tactical-detachment'), f('codex-astartes/land-speeder-detachment'), f('codex-astartes/whirlwind-detachment')];
    // Reach 90 against 45, 75, 50 and 90, ramp 60: ½ + 45/120, ½ + 15/120, ½ + 40/120, ½.
    const byReach = initiativeChances(whirlwinds, field, { ...battle, initiative: { value: 'reach', ramp: 60, why: 'the formation reaching farther chooses' } }, 'ground');
    expect(byReach).toEqual([0.875, 0.625, 0.5 + 40 / 120, 0.5]);
    // The same meetings by speed (30 against 15, 30, 35, 30, ramp 30): the Land Speeders choose more often than not.
    const bySpeed = initiativeChances(whirlwinds, field, { ...battle, initiative: { value: 'speed', ramp: 30, why: 'the faster formation chooses' } }, 'ground');
    expect(bySpeed).toEqual([0.75, 0.5, 0.5 - 5 / 60, 0.5]);
    // By indirect fire only (reach 90 against speeds 15, 30, 35 and the Whirlwinds' 90), ramp 30: the barrage always chooses.
    const byIndirect = initiativeChances(whirlwinds, field, { ...battle, initiative: { value: 'reach', ramp: 30, reachBy: 'indirect-fire', why: 'the formation reaching farther unseen chooses' } }, 'ground');
    expect(byIndirect).toEqual([1, 1, 1, 0.5]);
    // Without indirect fire on either side it is the speed initiative: Land Speeders (35) against Terminators (15) and Tactical (30).
    const speeders = f('codex-astartes/land-speeder-detachment');
    const both = field.slice(0, 2);
    expect(initiativeChances(speeders, both, { ...battle, initiative: { value: 'reach', ramp: 30, reachBy: 'indirect-fire', why: 'the formation reaching farther unseen chooses' } }, 'ground')).toEqual(initiativeChances(speeders, both, { ...battle, initiative: { value: 'speed', ramp: 30, why: 'the faster formation chooses' } }, 'ground'));
    // Aircraft and spacecraft play each scene once: unused.
    expect(initiativeChances(whirlwinds, field, { ...battle, initiative: { value: 'reach', ramp: 60, why: 'the formation reaching farther chooses' } }, 'aircraft')).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('the screen battle (battles/screens/indirect-reach.json) is the reference battle v5 but for its initiative', () => {
    const reference = loadBattle().battle;
    const screen = loadBattle('battles/screens/indirect-reach.json').battle;
    expect(screen.initiative).toMatchObject({ value: 'reach', ramp: 30, reachBy: 'indirect-fire' });
    const rest = (b: typeof reference) => ({ ...b, $schema: '', title: '', description: '', initiative: null });
    expect(rest(screen)).toEqual(rest(reference));
  });
});
