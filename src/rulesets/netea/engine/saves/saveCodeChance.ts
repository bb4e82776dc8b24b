import { saveProbability } from '../../../../sim/dice/saveProbability.js';

/**
 * The chance a save code (saveCode.ts) saves a hit, adding each later roll's
 * share of what is still unsaved:
 * P = p1, then P += (1 - P) p2 for the re-roll and P += (1 - P) p3 for the
 * second save, with p = (7 - need) / 6 and 0 for no roll.
 */
export function saveCodeChance(code: number): number {
  let saved = saveProbability(code & 15);
  const reroll = (code >> 4) & 15;
  if (reroll < 7) saved += (1 - saved) * saveProbability(reroll);
  const second = code >> 8;
  if (second < 7) saved += ((1 - saved) * (7 - second)) / 6;
  return saved;
}
