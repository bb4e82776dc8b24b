import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';

/**
 * Rolls a save code (saveCode.ts): the first save, a re-roll if it failed,
 * then the second save if both failed. A field of NONE rolls no die, so the
 * dice drawn are those the rules call for and no others.
 */
export function rollSaveCode(code: number, rng: Sfc32): boolean {
  const first = code & 15;
  if (first < 7 && d6(rng) >= first) return true;
  const reroll = (code >> 4) & 15;
  if (reroll < 7 && d6(rng) >= reroll) return true;
  const second = code >> 8;
  return second < 7 && d6(rng) >= second;
}
