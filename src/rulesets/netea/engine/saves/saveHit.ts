import type { Sfc32 } from '../../../../sim/rng.js';
import type { Engagement } from '../engagement.js';
import { rollSaveCode } from './rollSaveCode.js';
import { saveCode } from './saveStack.js';

/**
 * One saving throw for one hit on unit u, by the save stack (saveStack.ts):
 * a plain hit takes the code the stack decided for the unit when the
 * engagement was built (UnitSaves.stPlainCode), any other is decided now.
 */
export function saveHit(e: Engagement, u: number, hitFlags: number, crossfire: boolean, noCover: boolean, rng: Sfc32): boolean {
  const plain = hitFlags === 0 && !crossfire && !noCover ? e.saves.stPlainCode[u]! : -1;
  return rollSaveCode(plain >= 0 ? plain : saveCode(e, u, hitFlags, crossfire, noCover), rng);
}
