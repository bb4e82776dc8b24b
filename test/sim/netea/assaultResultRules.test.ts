import { describe, expect, it } from 'vitest';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_RESULT } from '../../../src/sim/assaultOutcomes.js';
import { blastMarkerModifiers, formationResultMarkers, inspiringUnits, resultModifiers, resultWinner, sideResultMarkers, wipeOut } from '../../../src/rulesets/netea/engine/assault/resultRules.js';
import { BYSTANDER_BLAST_MARKERS, diesBrokenAndLosing, loserHits, takesLossHits, winnerBlastMarkers } from '../../../src/rulesets/netea/engine/assault/aftermathRules.js';
import { closingMove, counterChargeMove, counterChargeTarget, countersIntoContact } from '../../../src/rulesets/netea/engine/assault/counterChargeRules.js';
import { distanceFromEnemy, withinAssaultRange } from '../../../src/rulesets/netea/engine/assault/reach.js';
import { attackValue, usesCloseCombat } from '../../../src/rulesets/netea/engine/assault/attackValue.js';
import { endsWithdrawalInReach, reachesBreakPoint, withdrawalMove, withdraws } from '../../../src/rulesets/netea/engine/breaking.js';

/**
 * The assault's result and aftermath rules, each written once for the general
 * procedure and the assault plan (docs/adding-a-rule.md): their numbers, from
 * the rules' text. assaultPlan.test.ts checks that both paths call them alike.
 */

describe('the result of an assault round (RB 1.12.6-1.12.7)', () => {
  it('modifiers: +1 per kill, +1 per Inspiring unit, +1 outnumbering, +1 more doubling, then the Blast-marker ones', () => {
    // 3 kills, 1 Inspiring unit, 7 units against 3 (more than double), no Blast-marker modifier.
    expect(resultModifiers(3, 1, 7, 3, 0)).toBe(3 + 1 + 1 + 1);
    // 6 against 3 is not more than double: outnumbering only.
    expect(resultModifiers(0, 0, 6, 3, 0)).toBe(1);
    // Equal numbers, two Inspiring units, both Blast-marker modifiers.
    expect(resultModifiers(0, 2, 4, 4, 2)).toBe(2 + 2);
    expect(inspiringUnits(C.U_INSPIRING | C.U_FEARLESS)).toBe(1);
    expect(inspiringUnits(C.U_FEARLESS)).toBe(0);
  });

  it('Blast markers: +1 with none at all, +1 with fewer than the enemy (a side with none counts 0)', () => {
    expect(blastMarkerModifiers(-1, -1)).toBe(1);
    expect(blastMarkerModifiers(-1, 2)).toBe(2);
    expect(blastMarkerModifiers(0, 1)).toBe(1);
    expect(blastMarkerModifiers(2, 2)).toBe(0);
    expect(blastMarkerModifiers(3, -1)).toBe(0);
  });

  it('the markers a side counts: a broken formation its living units, Space Marines half theirs rounded down, one marker denying "none"', () => {
    expect(formationResultMarkers(true, 4, 0, true)).toBe(4);
    expect(formationResultMarkers(true, 0, 0, false)).toBe(-1);
    expect(formationResultMarkers(false, 5, 3, true)).toBe(1);
    expect(formationResultMarkers(false, 5, 1, true)).toBe(0);
    expect(formationResultMarkers(false, 5, 0, false)).toBe(-1);
    expect(sideResultMarkers(sideResultMarkers(-1, -1), 2)).toBe(2);
    expect(sideResultMarkers(sideResultMarkers(-1, 0), -1)).toBe(0);
    expect(sideResultMarkers(3, 2)).toBe(5);
  });

  it('wipe-out and stall, and the winner of the roll', () => {
    expect(wipeOut(0, 0, 0, true)).toBe(NO_RESULT);
    expect(wipeOut(3, 0, 1, false)).toBe(ATTACKER_WINS);
    expect(wipeOut(3, 2, 0, true)).toBe(DEFENDER_WINS);
    expect(wipeOut(3, 2, 0, false)).toBe(-1);
    expect(wipeOut(0, 2, 0, false)).toBe(DEFENDER_WINS);
    expect(resultWinner(2)).toBe(ATTACKER_WINS);
    expect(resultWinner(-1)).toBe(DEFENDER_WINS);
    expect(resultWinner(0)).toBe(-1);
  });
});

describe('after the result (RB 1.12.8-1.12.9)', () => {
  it("the loser's extra hits: the margin, halved rounded down for Space Marines; fearless units take none", () => {
    expect(loserHits(5, false)).toBe(5);
    expect(loserHits(5, true)).toBe(2);
    expect(takesLossHits(C.U_FEARLESS)).toBe(false);
    expect(takesLossHits(C.U_INSPIRING)).toBe(true);
    expect(diesBrokenAndLosing(C.U_FEARLESS)).toBe(false);
    expect(diesBrokenAndLosing(0)).toBe(true);
  });

  it("the bystanders' marker, the winner's markers", () => {
    expect(BYSTANDER_BLAST_MARKERS).toBe(1);
    expect(winnerBlastMarkers(false, 4, 3)).toBe(3);
    expect(winnerBlastMarkers(true, 4, 3)).toBe(0);
    expect(winnerBlastMarkers(false, 0, 3)).toBe(0);
  });
});

describe('counter-charges, reach and attack values (RB 1.12.4-1.12.5)', () => {
  it('a counter-charge of 5 cm, 10 cm from speed 30; the closest enemy, one with room among equals; contact or closing to 5 cm', () => {
    expect(counterChargeMove(25)).toBe(5);
    expect(counterChargeMove(30)).toBe(10);
    expect(countersIntoContact(true, 5, 5, true)).toBe(true);
    expect(countersIntoContact(true, 5, 5, false)).toBe(false);
    expect(countersIntoContact(false, 1, 5, true)).toBe(false);
    expect(closingMove(-15, 0, 10)).toBe(-15);
    expect(closingMove(-18, 0, 10)).toBe(-8);
    expect(closingMove(16, 0, 20)).toBe(5);
    expect(closingMove(-30, 0, 10)).toBe(-20);
    expect(closingMove(30, 0, 10)).toBe(20);
    expect(closingMove(-12, 0, 10)).toBe(-12);
    // Units 0-2 at -20, 10 and 10 (unit 1 already touching two): from 0, unit 2 (as close as unit 1, with room); unit 0 once both die.
    const list = Int32Array.of(0, 1, 2);
    const positions = Float64Array.of(-20, 10, 10);
    const contact = Int32Array.of(0, 2, 1);
    const cap = Int32Array.of(2, 2, 2);
    expect(counterChargeTarget(0, list, 0, 3, Uint8Array.of(1, 1, 1), positions, contact, cap)).toBe(2);
    expect(counterChargeTarget(0, list, 0, 3, Int32Array.of(1, 0, 0), positions, contact, cap)).toBe(0);
    expect(counterChargeTarget(0, list, 0, 3, Int32Array.of(0, 0, 0), positions, contact, cap)).toBe(-1);
  });

  it('15 cm, distances on the assault axis, the close combat or firefight value', () => {
    expect(withinAssaultRange(15)).toBe(true);
    expect(withinAssaultRange(15.5)).toBe(false);
    expect(distanceFromEnemy(true, -20, 5, -10)).toBe(25);
    expect(distanceFromEnemy(false, 12, 5, -10)).toBe(22);
    expect(distanceFromEnemy(true, 8, 5, -10)).toBe(0);
    expect(usesCloseCombat(true, false, 5, 3)).toBe(true);
    expect(usesCloseCombat(true, true, 5, 3)).toBe(false);
    expect(attackValue(true, true, false, 4, 5)).toBe(4);
    expect(attackValue(false, false, true, 4, 5)).toBe(C.NONE);
    expect(attackValue(false, false, false, 4, 5)).toBe(5);
  });
});

describe('breaking and withdrawing (RB 1.13.2-1.13.3)', () => {
  it('a formation breaks when its markers reach its break point; a withdrawal is two moves, and ending within 15 cm of an enemy destroys', () => {
    expect(reachesBreakPoint(3, 3)).toBe(true);
    expect(reachesBreakPoint(2, 3)).toBe(false);
    expect(reachesBreakPoint(4, 0)).toBe(false);
    expect(withdrawalMove(15)).toBe(30);
    expect(endsWithdrawalInReach(0, 7.5)).toBe(true);
    expect(endsWithdrawalInReach(0.5, 7.5)).toBe(false);
    expect(withdraws(C.U_FEARLESS)).toBe(false);
    expect(withdraws(0)).toBe(true);
  });
});
