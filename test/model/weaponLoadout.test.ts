import { expect, it } from 'vitest';
import { parseFormation } from '../../src/model/formation.js';
import { formationVariants } from '../../src/model/formationChoice.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { InputError } from '../../src/model/inputError.js';
import { describeWithTp } from '../helpers/tournamentPack.js';

/**
 * Either-or loadouts ("Armed with either Pin-point Attacks or Orbital
 * Bombardment"): fielded as the notes name first, another picked with
 * `@<weapon id>`, and each valued by the audit beside the default.
 */

const armed = (f: { units: Array<{ unit: { name: string }; weapons: Array<{ weapon: { id: string }; multiplier: number | string }> }> }) =>
  f.units[0]!.weapons.filter((w) => w.multiplier !== 0).map((w) => w.weapon.id);

describeWithTp('weapon loadouts the player chooses', (tpDir) => {
  const tp = loadDataset(tpDir);
  it('the Ark Mechanicus comes with the pin-point attacks its notes name first; @orbital-bombardment-5bp arms it with the bombardment instead', () => {
    const ship = parseFormation(tp, 'adeptus-mechanicus-titan-legion/orbital-support');
    expect(armed(ship)).toEqual(['pin-point-attacks-2x']);
    expect(ship.choice).toMatch(/the loadout its notes name first; pick another with @<weapon id>$/);
    const bombard = parseFormation(tp, 'adeptus-mechanicus-titan-legion/orbital-support@orbital-bombardment-5bp');
    expect(armed(bombard)).toEqual(['orbital-bombardment-5bp']);
    expect(bombard.choice).toMatch(/Orbital Bombardment x1 \(0-1\), Pin-Point Attacks x0 \(0-1\), as picked$/);
    expect(bombard.points).toBe(ship.points);
  });

  it('the audit values each loadout beside the default; unit options keep their meaning', () => {
    expect(formationVariants(tp, 'adeptus-mechanicus-titan-legion', 'orbital-support')).toEqual(['adeptus-mechanicus-titan-legion/orbital-support', 'adeptus-mechanicus-titan-legion/orbital-support@orbital-bombardment-5bp']);
    // "Thunderer" is a unit the tank company may take, not a loadout, although a weapon shares its id.
    expect(parseFormation(tp, 'imperial-guard-minervan-tank-legion/tank-company@thunderer').choice).toMatch(/Thunderer \(as picked\)/);
  });

  it('a loadout no unit of the formation offers is refused by name', () => {
    expect(() => parseFormation(tp, 'adeptus-mechanicus-titan-legion/orbital-support@nova-cannon')).toThrow(InputError);
  });
});
