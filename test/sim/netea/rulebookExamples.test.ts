import { describe, expect, it } from 'vitest';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation } from '../../../src/model/formation.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, placed, shootStep } from '../../helpers/fixtures.js';
import { RULES_VARIANTS, variantOptions, type RulesVariant } from '../../../src/rulesets/netea/model/rulesVariant.js';

/**
 * The rulebook's worked examples of shooting (RB 1.9) and crossfire (RB 1.11), with its dice,
 * under the Tournament Pack and under the 2004 rulebook (`--rules rulebook-2004`): neither
 * example meets a rule the Tournament Pack changed, so both give the book's result.
 */

const data = loadBuiltinDataset();

function fire(variant: RulesVariant, attacker: string, target: string, dice: number[], crossfire: boolean) {
  const spec = engagement([placed('a', 0, parseFormation(data, attacker), { front: 0, rankWidth: 10 }), placed('t', 1, parseFormation(data, target), { front: 25, rankWidth: 10 })], [shootStep(0, 1)], variantOptions(variant));
  const r = new NeteaRunner(spec);
  const rng = new ScriptedDice(dice);
  r.reset(rng);
  shoot(r.e, 0, 1, C.ACTION_ADVANCE, crossfire, true, rng);
  expect(rng.used, 'every die of the example, and no more').toBe(dice.length);
  return r.e;
}

describe.each(RULES_VARIANTS)('rulebook worked examples (%s)', (variant) => {
  it('RB 1.9 Example of Play: eight missile launchers roll 1, 2, 2, 4, 4, 5, 6, 6 at AP5+; three Boyz fail their saves; four Blast markers, not broken', () => {
    // Two dice per Devastator; then the three hit Boyz roll their 6+ saves and miss (1, 2, 3).
    const e = fire(variant, '4 Devastator', '6 Boyz, 2 Nobz, 2 Grotz', [1, 2, 2, 4, 4, 5, 6, 6, 1, 2, 3], false);
    expect(10 - e.fAlive[1]!).toBe(3);
    expect(e.fBm[1]).toBe(4);
    expect(e.fBroken[1]).toBe(0);
  });

  it('RB 1.11 Example of Play: Land Raiders claim crossfire; three heavy bolter hits, no save possible; 1 + 2 + 1 + 1 = 5 Blast markers break the five Orks left', () => {
    // The lascannons cannot harm infantry, so only the four heavy bolters roll: 4, 5, 6, 1.
    // A 6+ save at -1 fails without a roll.
    const e = fire(variant, '4 Land Raider', '8 Boyz', [4, 5, 6, 1], true);
    expect(e.fAlive[1]).toBe(5);
    expect(e.fBmPlaced[1]).toBe(5);
    expect(e.fBroken[1]).toBe(1);
  });
});
