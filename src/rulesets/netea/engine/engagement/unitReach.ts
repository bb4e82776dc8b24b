import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';

/**
 * Ranges for the "could fire" test (RB 1.9.2); limited weapons are checked one
 * by one at run time. And whether the unit has extra attacks (RB 2.2.3) and
 * first-strike ones (RB 2.2.4).
 */
export function fillRanges(e: Engagement, u: number): void {
  let direct = -1;
  let indirect = -1;
  let limited = 0;
  for (let l = e.uLineStart[u]!; l < e.uLineEnd[u]!; l++) {
    const fl = e.wFlags[l]!;
    if (e.wKind[l] !== C.KIND_RANGED && e.wExN[l]! + e.wExPlus[l]! > 0) {
      e.uExtraAttacks[u] = 1;
      if ((fl & C.W_FIRST_STRIKE) !== 0) e.uFirstStrike[u] = 1;
    }
    if (e.wKind[l] !== C.KIND_RANGED || (fl & C.W_REAR_ARC) !== 0) continue;
    const barrage = e.wBpN[l]! + e.wBpPlus[l]! > 0;
    if (!barrage && e.wAP[l]! >= C.NONE && e.wAT[l]! >= C.NONE && e.wMW[l]! >= C.NONE) continue;
    // Guided missiles need a marked target, a carriage's weapons the carriage: checked shot by shot like limited weapons.
    if ((fl & (C.W_SINGLE_SHOT | C.W_SLOW_FIRING | C.W_GUIDED | C.W_CARRIAGE)) !== 0) limited = 1;
    if (e.wRange[l]! > direct) direct = e.wRange[l]!;
    if (barrage && (fl & C.W_INDIRECT) !== 0 && 2 * e.wRange[l]! > indirect) indirect = 2 * e.wRange[l]!;
  }
  if ((e.uFlags[u]! & C.U_FIRST_STRIKE) !== 0) e.uFirstStrike[u] = 1;
  e.uMaxRange[u] = direct;
  e.uMaxIndirectRange[u] = indirect;
  e.uLimited[u] = limited;
}
