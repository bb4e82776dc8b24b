import { describe, expect, it } from 'vitest';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation } from '../../../src/model/formation.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import { assault, ATTACKER_WINS } from '../../../src/rulesets/netea/engine/assault.js';
import { ChargeCache } from '../../../src/rulesets/netea/engine/assault/chargeCache.js';
import { actionTest, rally, regroup } from '../../../src/rulesets/netea/engine/morale.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { markDead } from '../../../src/rulesets/netea/engine/unitState.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import type { ArmyRule } from '../../../src/model/schema.js';
import { engagement, formation, placed, shootStep, unit } from '../../helpers/fixtures.js';
import { RULES_VARIANTS, variantOptions } from '../../../src/rulesets/netea/model/rulesVariant.js';

/**
 * Morale and the Battle for Junction 25 walk-through (RB, after the FAQ) with
 * the dice the book rolls, using the built-in datasheets, under the Tournament
 * Pack and under the 2004 rulebook (`--rules rulebook-2004`). They differ in one
 * step: a Space Marine leader rallying removes two Blast markers under the TP,
 * one under the 2004 rulebook (RB 5.1.1), as the book's end phase shows.
 */

const data = loadBuiltinDataset();
const warband = () => parseFormation(data, '2 Grotz, 3 Stompa, 9 Gunwagon, 1 Stormboyz, 2 Nobz, 6 Boyz');

describe.each(RULES_VARIANTS)('Junction 25 with the book dice (%s)', (variant) => {
  const options = variantOptions(variant);
  it('2.A: the Land Raiders shoot Gogard\'s Boyz: Grots and two Stompas die, three Blast markers', () => {
    const raiders = parseFormation(data, '4 Land Raider');
    const spec = engagement([placed('citus', 0, raiders, { front: 0, rankWidth: 30 }), placed('orks', 1, warband(), { front: 20, rankWidth: 30 })], [shootStep(0, 1)], options);
    const r = new NeteaRunner(spec);
    // Per Land Raider: 2 lascannon dice then the heavy bolter: the book's 1,2,2,3,4,5,5,6 and 1,3,4,6.
    // Saves: the Stompas 1/3, 1/3, 2/4 (reinforced armour re-rolls), the Gunwagon 6; Grots have none.
    const dice = [1, 2, 1, 2, 3, 3, 4, 5, 4, 5, 6, 6, 1, 3, 1, 3, 2, 4, 6];
    const rng = new ScriptedDice(dice);
    r.reset(rng);
    const e = r.e;
    shoot(e, 0, 1, C.ACTION_ADVANCE, false, true, rng);
    expect(rng.used).toBe(dice.length);
    expect(e.fAlive[1]).toBe(19);
    // One for coming under fire, two for the Stompas; none for Grots (RB 5.5.3).
    expect(e.fBm[1]).toBe(3);
    expect(e.fBroken[1]).toBe(0);
  });

  it('2.B: retaining the initiative at -1, a 1 fails even for 1+ Space Marines: hold and a Blast marker', () => {
    const spec = engagement([placed('actaeon', 0, parseFormation(data, '3 Devastator')), placed('orks', 1, warband())], [shootStep(0, 1)], options);
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    expect(actionTest(r.e, 1 << 0, C.ACTION_SUSTAINED, true, new ScriptedDice([1]))).toBe(false);
    expect(r.e.fBm[0]).toBe(1);
    // With no modifier a 1 is no automatic failure (RB FAQ).
    expect(actionTest(r.e, 1 << 0, C.ACTION_ADVANCE, false, new ScriptedDice([1]))).toBe(false);
    r.reset(new ScriptedDice([]));
    expect(actionTest(r.e, 1 << 0, C.ACTION_ADVANCE, false, new ScriptedDice([1]))).toBe(true);
  });

  it('2.C: Orks engaging with Blast markers need 2+ (3 - 1 + 2); the Warlord re-rolls the failed 1 into a 5', () => {
    const boss = unit('boss', { type: 'INF', cc: 3, ff: 5, abilities: ['supreme-commander'] });
    const boy = unit('boy', { type: 'INF', cc: 4, ff: 6 });
    const orks = formation('orks', [[1, boss], [8, boy]], { initiative: 3 });
    orks.rules = ['power-of-the-waaagh', 'mob-rule'];
    const spec = engagement([placed('orks', 0, orks, { blastMarkers: 4 }), placed('sm', 1, formation('sm', [[3, boy]]))], [shootStep(0, 1)], options);
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    const rng = new ScriptedDice([1, 5]);
    expect(actionTest(r.e, 1 << 0, C.ACTION_ENGAGE, false, rng)).toBe(true);
    expect(rng.used).toBe(2);
    expect(r.e.fBm[0]).toBe(4);
    // One re-roll per Supreme Commander per turn: a second failure stands.
    expect(actionTest(r.e, 1 << 0, C.ACTION_ENGAGE, false, new ScriptedDice([1]))).toBe(false);
  });

  it('2.C: the assault, scored as the book scores it: Marines 5 + 2 kills + 1 (fewer Blast markers) = 8, Orks 3 + 4 kills + 2 (more than twice as many) = 9; TSKNF halves the one extra hit to none ([A-11])', () => {
    const orks = parseFormation(data, '1 Stompa, 9 Gunwagon, 1 Stormboyz, 2 Nobz, 6 Boyz');
    const warlord = data.units.get('ork-warlord')!;
    orks.units[11]!.characters.push(warlord);
    orks.units[11]!.characterWeapons.push({ weapon: data.weapons.get('ork-warlord-big-choppas')!, multiplier: 1, arc: 'all' });
    const actaeon = parseFormation(data, '3 Devastator');
    const captain = data.units.get('captain')!;
    actaeon.units[0]!.characters.push(captain);
    actaeon.units[0]!.characterWeapons.push({ weapon: data.weapons.get('power-weapon')!, multiplier: 1, arc: 'all' });
    const spec = engagement(
      [
        placed('orks', 0, orks, { front: 0, blastMarkers: 4, rankWidth: 30 }),
        placed('actaeon', 1, actaeon, { front: 5, blastMarkers: 1, rankWidth: 30 }),
        placed('citus', 1, parseFormation(data, '4 Land Raider'), { front: 5, rankWidth: 30 }),
      ],
      [shootStep(0, 1)],
      options,
    );
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    // Charge: the Stompa and six Gunwagons contact one Marine each, the other three Gunwagons, the
    // Stormboyz, both Nobz and one Boyz a second; five Boyz stay 5 cm away and use their firefight.
    const orkDice = [
      4, // Stompa, CC 4+: hit
      5, 5, 5, 5, 5, 5, 1, 1, 1, // Gunwagons, CC 5+: six hits
      4, // Stormboyz: hit
      3, 3, 3, // Nobz with the Warlord: its attack, its big choppa, the Warlord's macro-weapon choppa: three hits
      1, 1, // the other Nobz and its big choppa
      1, // the Boyz in contact
      1, 1, 1, 1, 1, // five Boyz at firefight range
    ];
    const marineDice = [5, 6, 1, 1, 2, 3, 4, 5]; // Devastator with the Captain (and his power weapon), the others, 4 Land Raiders
    // Saves, in allocation order: ten normal hits spread over the seven Marines (a second each on the
    // Devastators): the Devastators save on 4, each Land Raider fails twice; the Stompa fails twice;
    // then the macro-weapon hits: the Captain's invulnerable 6 saves his stand, the Gunwagon has none.
    const saves = [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 4, 1, 1, 6];
    const results = [3, 3, 2, 5]; // Orks (attacking) use 3, Marines 5
    const rng = new ScriptedDice([...orkDice, ...marineDice, ...saves, ...results]);
    const setup = { attackers: 1 << 0, defenders: (1 << 1) | (1 << 2), supporters: 0, overwatch: 0, contactLimit: -1 };
    expect(assault(r.e, setup, new ChargeCache(3, r.e.nUnits), rng)).toBe(ATTACKER_WINS);
    expect(rng.used).toBe(51);
    const e = r.e;
    expect([e.fAlive[0], e.fAlive[1], e.fAlive[2]]).toEqual([17, 3, 0]);
    // Losing by one: TSKNF halves the extra hit, rounding down, to none; the Devastators break.
    expect(e.fBroken[1]).toBe(1);
    // The Orks take a Blast marker per unit lost: 4 + 2 = 6 (as in the book).
    expect(e.fBm[0]).toBe(6);
  });

  it('3: the end phase: broken Space Marines rally on 4+ and keep units - 2 (TP leader) or units - 1 (RB 5.1.1, the book\'s 1) Blast markers; the Orks 6 -> 3 -> 1', () => {
    const actaeon = parseFormation(data, 'codex-astartes/devastator+commander');
    actaeon.units.splice(3);
    const spec = engagement(
      [placed('actaeon', 0, actaeon, { front: 0, broken: true, rankWidth: 10 }), placed('orks', 1, warband(), { front: 20, blastMarkers: 6, rankWidth: 30 })],
      [shootStep(0, 1)],
      options,
    );
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    const e = r.e;
    // Two Devastators left, one with the Captain (RB: 2 BMs, leader -1 = 1; TP: an SM leader removes 2).
    markDead(e, e.fUnitStart[0]! + 2);
    expect(e.fInitiative[0]).toBe(1);
    rally(e, 0, new ScriptedDice([3]));
    expect(e.fBroken[0]).toBe(1);
    rally(e, 0, new ScriptedDice([6]));
    expect([e.fBroken[0], e.fBm[0]]).toEqual([0, variant === 'netea' ? 0 : 1]);
    // Orks: 3+, -1 enemy within 30 cm, +2 Mob Rule (over ten units): a 6 passes; half of 6 removed, then 2 Nobz leaders.
    markDead(e, e.fUnitStart[1]!);
    markDead(e, e.fUnitStart[1]! + 1);
    rally(e, 1, new ScriptedDice([6]));
    expect(e.fBm[1]).toBe(1);
  });
});

describe('RB 1.6 Example of Play: Actions', () => {
  it('a Steel Legion company passes its 2+ double action on a 4; retaining the initiative, the super-heavy company fails on a 2 (-1), takes a Blast marker and holds', () => {
    const spec = engagement(
      [placed('company', 0, parseFormation(data, 'steel-legion/infantry-company'), { front: 0 }), placed('tanks', 0, parseFormation(data, 'steel-legion/super-heavy-tank-company'), { front: 0 }), placed('orks', 1, warband(), { front: 60 })],
      [shootStep(0, 2)],
    );
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    expect([r.e.fInitiative[0], r.e.fInitiative[1]]).toEqual([2, 2]);
    expect(actionTest(r.e, 1 << 0, C.ACTION_DOUBLE, false, new ScriptedDice([4]))).toBe(true);
    expect(actionTest(r.e, 1 << 1, C.ACTION_DOUBLE, true, new ScriptedDice([2]))).toBe(false);
    expect([r.e.fBm[0], r.e.fBm[1]]).toEqual([0, 1]);
  });
});

describe('morale rules with forced dice', () => {
  const grunt = unit('grunt', { type: 'INF', cc: 5, ff: 5 });

  function oneSide(n: number, opts: { broken?: boolean; bm?: number; rules?: ArmyRule[]; initiative?: number; gap?: number } = {}) {
    const f = formation('f', [[n, grunt]], { initiative: opts.initiative ?? 2, ...(opts.rules ? { rules: opts.rules } : {}) });
    const spec = engagement([placed('f', 0, f, { front: 0, broken: opts.broken ?? false, blastMarkers: opts.bm ?? 0 }), placed('enemy', 1, formation('e', [[1, grunt]]), { front: opts.gap ?? 50 })], [shootStep(0, 1)]);
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    return r.e;
  }

  it('a broken 7-unit formation that rallies keeps half its units in Blast markers, rounded down: 3', () => {
    const e = oneSide(7, { broken: true });
    // 2+ initiative, -2 broken, no enemy within 30 cm: a 4 passes.
    rally(e, 0, new ScriptedDice([4]));
    expect([e.fBroken[0], e.fBm[0]]).toEqual([0, 3]);
  });

  it('an unbroken formation that passes removes half its Blast markers, rounding up: 5 -> 2, 1 -> 0', () => {
    const e = oneSide(8, { bm: 5 });
    rally(e, 0, new ScriptedDice([2]));
    expect(e.fBm[0]).toBe(2);
    const one = oneSide(8, { bm: 1 });
    rally(one, 0, new ScriptedDice([2]));
    expect(one.fBm[0]).toBe(0);
    const fail = oneSide(8, { bm: 5 });
    rally(fail, 0, new ScriptedDice([1]));
    expect(fail.fBm[0]).toBe(5);
  });

  it('an enemy within 30 cm is -1 to rally', () => {
    const e = oneSide(8, { bm: 4, gap: 30 });
    rally(e, 0, new ScriptedDice([2]));
    expect(e.fBm[0]).toBe(4);
  });

  it('a broken formation that fails its rally withdraws again', () => {
    const e = oneSide(6, { broken: true, gap: 40 });
    const before = e.fFront[0]!;
    rally(e, 0, new ScriptedDice([3]));
    expect(e.fBroken[0]).toBe(1);
    expect(e.fFront[0]! - before).toBe(30);
  });

  it('regroup removes the highest of 2D6 (not the sum)', () => {
    const e = oneSide(10, { bm: 7 });
    regroup(e, 0, new ScriptedDice([2, 5]));
    expect(e.fBm[0]).toBe(2);
  });

  it('a failed action test breaks a formation whose Blast markers reach its break point', () => {
    const e = oneSide(3, { bm: 2 });
    expect(actionTest(e, 1 << 0, C.ACTION_ADVANCE, false, new ScriptedDice([1]))).toBe(false);
    expect([e.fBroken[0], e.fBm[0]]).toEqual([1, 0]);
  });
});
