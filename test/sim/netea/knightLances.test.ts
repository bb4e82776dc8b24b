import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { Step } from '../../../src/rulesets/netea/model/spec.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { itWithTp } from '../../helpers/tournamentPack.js';

/**
 * TP Knight Technology: "The Power Lance and Shock Lance may only be used if the unit's
 * formation carried out an engage action." The lance is a weapon line of the knight only in an
 * engagement where its formation charges.
 */

const lance = weapon('power-lance', [{ range: 15, kind: 'small-arms', extraAttacks: 1, firstStrike: true, macroWeapon: true, engageOnly: true }]);
const cannon = weapon('battle-cannon', [{ range: 75, ap: 4, at: 4 }]);
const knight = unit('knight', { type: 'WE', armour: 5, cc: 5, ff: 5, damageCapacity: 2, speed: 30 }, [{ weapon: cannon }, { weapon: lance }]);
const trooper = unit('trooper', { type: 'INF', armour: 5, cc: 5, ff: 5, speed: 15 });
const assault = (by: number, at: number): Step => ({ kind: 'assault', label: 'assault', by: [by], at: [at], support: [], overwatch: [], test: false, retain: false });

/** The knight's weapon lines (unit 0) by extra attacks: the cannon has none, the lance one. */
function knightLines(steps: Step[]): number[] {
  const runner = new NeteaRunner(engagement([placed('knights', 0, formation('knights', [[1, knight]]), { front: 5 }), placed('foot', 1, formation('foot', [[2, trooper]]), { front: 5 })], steps));
  const e = runner.e;
  const out: number[] = [];
  for (let l = 0; l < e.nLines; l++) if (e.wUnit[l] === 0) out.push(e.wExPlus[l]! + e.wExN[l]!);
  return out;
}

describe('Knight Technology: Power and Shock Lances only after an engage action', () => {
  it('the knight charging has its lance (one extra attack) beside its cannon', () => {
    expect(knightLines([assault(0, 1)])).toEqual([0, 1]);
  });

  it('charged, or only shooting, it has its cannon alone', () => {
    expect(knightLines([assault(1, 0)])).toEqual([0]);
    expect(knightLines([shootStep(0, 1)])).toEqual([0]);
  });

  itWithTp('the Tournament Pack\'s Power Lance and Shock Lance are imported as usable after an engage action, other weapons are not', (tpDir) => {
    const tp = loadDataset(tpDir);
    expect(tp.weapons.get('power-lance')!.modes.map((m) => m.engageOnly)).toEqual([true]);
    expect(tp.weapons.get('shock-lance')!.modes.map((m) => m.engageOnly)).toEqual([true]);
    expect([...tp.weapons.values()].filter((w) => w.modes.some((m) => m.engageOnly)).map((w) => w.id).sort()).toEqual(['power-lance', 'shock-lance']);
  });
});
