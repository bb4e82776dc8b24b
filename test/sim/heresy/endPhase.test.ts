import { describe, expect, it } from 'vitest';
import { endPhase, endTurn } from '../../../src/rulesets/heresy/engine/endPhase.js';
import { FRESH_IN_THE_OPEN, heresyShootEngagement } from '../../../src/rulesets/heresy/engine/engagements.js';
import { HeresyState } from '../../../src/rulesets/heresy/engine/state.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { stand, unitOf } from './fixtures.js';

/** The end phase's quality checks (seed 003, L167-186, L309-319, L425-430, L479-480, L508-525) with forced D10s. */

const guard = stand('Imperial Guard', { accuracy: 8, quality: [6, 8, 10] });
const rhino = stand('Rhino', { type: 'armored-vehicle', armour: 6, quality: [5, 7, 9] });
const terminator = stand('Terminator', { armour: 7, quality: [4, 6, 8], skills: ['stubborn'] });
const landRaider = stand('Land Raider', { type: 'armored-vehicle', armour: 8, quality: [4, 6, 8] });

/** A fresh state of `target` shot at by Guard (unit 0 the Guard, unit 1 the target). */
function stateOf(target: ReturnType<typeof unitOf>): HeresyState {
  return new HeresyState(heresyShootEngagement(unitOf([4, guard]), target, { distance: 20, attacker: FRESH_IN_THE_OPEN, target: FRESH_IN_THE_OPEN }));
}

describe('the end phase', () => {
  it('suppression removal: 5 chits are -1 (L179-184); Rhinos (Fresh 5) roll 5: 4 < 5, the chits stay and nothing else happens (L186); roll 6: 5 >= 5, all chits and the suppression go', () => {
    const st = stateOf(unitOf([2, rhino]));
    st.chits[1] = 5;
    st.suppressed[1] = 1;
    const failed = new ScriptedDice([5], 10);
    endPhase(st, failed);
    expect(failed.used).toBe(1);
    expect([st.chits[1], st.suppressed[1], st.level[1]]).toEqual([5, 1, 0]);
    endPhase(st, new ScriptedDice([6], 10));
    expect([st.chits[1], st.suppressed[1], st.level[1]]).toEqual([0, 0, 0]);
    // No chits, no losses: no check, no die (ScriptedDice throws on a die it was not given).
    endPhase(st, new ScriptedDice([], 10));
  });

  it('Stubborn re-rolls one failed check a turn (L479-480): Terminators roll 2, then 4 >= 4; next time the re-roll is spent until the turn ends', () => {
    const st = stateOf(unitOf([4, terminator]));
    st.chits[1] = 1;
    endPhase(st, new ScriptedDice([2, 4], 10));
    expect(st.chits[1]).toBe(0);
    st.chits[1] = 1;
    const once = new ScriptedDice([2], 10);
    endPhase(st, once);
    expect([once.used, st.chits[1]]).toEqual([1, 1]);
    endTurn(st);
    endPhase(st, new ScriptedDice([3, 9], 10));
    expect(st.chits[1]).toBe(0);
  });

  it('broken troops (L425-430, L508-525): 4 Terminators and 2 Land Raiders (Fresh 4) break at 4 losses of 6; losing 4 this turn, a roll of 3 makes them Fatigued; with no loss the next turn, no check', () => {
    const st = stateOf(unitOf([4, terminator], [2, landRaider]));
    expect(st.breakPoint[1]).toBe(4);
    const first = st.first[1]!;
    for (let u = first; u < first + 3; u++) st.alive[u] = 0;
    endPhase(st, new ScriptedDice([], 10));
    st.alive[first + 3] = 0;
    // Stubborn: the first 3 fails, and its re-roll 2 too.
    endPhase(st, new ScriptedDice([3, 2], 10));
    expect(st.level[1]).toBe(1);
    endTurn(st);
    expect(st.aliveAtTurnStart[1]).toBe(2);
    endPhase(st, new ScriptedDice([], 10));
    // A further casualty after the break point (situation 11): another check; 6 passes at Fatigued.
    st.alive[first + 4] = 0;
    endPhase(st, new ScriptedDice([6], 10));
    expect(st.level[1]).toBe(1);
  });
});
