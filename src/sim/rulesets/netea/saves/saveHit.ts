import type { Sfc32 } from '../../../rng.js';
import type { Engagement } from '../engagement.js';
import { rollSaveCode } from './rollSaveCode.js';
import { saveCode } from './saveStack.js';

/** One saving throw for one hit on unit u, by the save stack (saveStack.ts). */
export function saveHit(e: Engagement, u: number, hitFlags: number, crossfire: boolean, noCover: boolean, rng: Sfc32): boolean {
  return rollSaveCode(saveCode(e, u, hitFlags, crossfire, noCover), rng);
}
