import { saveProbability } from '../../../../sim/dice/saveProbability.js';

/**
 * The chance a save code (saveCode.ts) fails to save a hit, as a product of
 * each roll's failure: Q = (1 - p1)(1 - p2)(1 - p3) over the rolls the code
 * has, with p = (7 - need) / 6; the attacker's choice of firepower weighs
 * targets by it (engagement.ts).
 */
export function saveCodeFailChance(code: number): number {
  let failed = 1 - saveProbability(code & 15);
  const reroll = (code >> 4) & 15;
  if (reroll < 7) failed *= 1 - saveProbability(reroll);
  const second = code >> 8;
  if (second < 7) failed *= (second - 1) / 6;
  return failed;
}
