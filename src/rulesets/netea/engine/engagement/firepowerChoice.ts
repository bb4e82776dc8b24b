import { toHitProbability } from '../../../../sim/dice/toHitProbability.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { saveCodeFailChance } from '../saves/saveCodeFailChance.js';
import { saveCode } from '../saves/saveStack.js';
import { countsAsInCover } from '../saves/shadowfields.js';
import { pinPointMask } from './weaponLines.js';
import { CHOOSE_PER_ATTACK, NOTHING_TO_FIRE, packChoice } from './packedChoice.js';

/** The chances a hit fails to be saved, by the save stack, for the attacker's choice of firepower; and the plain hit's code. */
export function fillFailChances(e: Engagement, u: number): void {
  e.uFailNormal[u] = saveCodeFailChance(saveCode(e, u, 0, false, false));
  e.uFailMacro[u] = saveCodeFailChance(saveCode(e, u, C.H_MW, false, false));
  e.uFailTK[u] = saveCodeFailChance(saveCode(e, u, C.H_TK, false, false));
  if ((e.uFlags[u]! & C.U_AIRCRAFT) === 0) e.saves.setPlainCode(u, saveCode(e, u, 0, false, false));
}

/**
 * The attacker's best firepower for weapon group g against formation f, if
 * one option is at least as good against every unit of f: each weapon picks
 * AP, AT or MW, and in a mixed formation the war engines or the rest
 * (RB 1.9.5, 3.2.1; ). Otherwise the choice is made per attack
 * against the units still standing.
 */
export function fillChoice(e: Engagement, gi: number, f: number): void {
  const k = gi * e.nFormations + f;
  const options: { line: number; fp: number; mask: number; values: number[] }[] = [];
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  for (let l = e.gLineStart[gi]!; l < e.gLineEnd[gi]!; l++) {
    // RB 1.9.2: a rear-arc weapon cannot fire at the enemy in front (every enemy, in e model).
    if (e.wKind[l] !== C.KIND_RANGED || (e.wFlags[l]! & C.W_REAR_ARC) !== 0) continue;
    const fl = e.wFlags[l]!;
    const tk = e.wTkN[l]! + e.wTkPlus[l]! > 0;
    for (let fp = 1; fp <= 3; fp++) {
      const value = fp === 1 ? e.wAP[l]! : fp === 2 ? e.wAT[l]! : e.wMW[l]!;
      if (value >= C.NONE) continue;
      const base = pinPointMask(fl, fp === 1 ? C.ELIGIBLE_AP : fp === 2 ? C.ELIGIBLE_AT : C.ELIGIBLE_ANY_GROUND);
      const masks = e.fMixed[f] === 1 ? [base & C.CLASS_WE, base & ~C.CLASS_WE] : [base];
      for (const mask of masks) {
        if (mask === 0) continue;
        const values: number[] = [];
        for (let u = start; u < end; u++) {
          if ((e.uClass[u]! & mask) === 0) {
            values.push(0);
            continue;
          }
          const cover = countsAsInCover(e, u) && (fl & C.W_IGNORE_COVER) === 0 ? 1 : 0;
          const fail = tk ? e.uFailTK[u]! : (fl & C.W_MACRO) !== 0 || fp === 3 ? e.uFailMacro[u]! : e.uFailNormal[u]!;
          const we = (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? (tk ? e.wTkMean[l]! : 1) / e.uStartDC[u]! : 1;
          values.push(toHitProbability(value + cover) * fail * we);
        }
        options.push({ line: l, fp, mask, values });
      }
    }
  }
  const useful = options.filter((o) => o.values.some((v) => v > 0));
  if (useful.length === 0) {
    e.choice[k] = NOTHING_TO_FIRE;
    return;
  }
  const dominant = useful.find((o) => useful.every((p) => o.values.every((v, i) => v >= p.values[i]!)));
  e.choice[k] = dominant ? packChoice(dominant.line, dominant.fp, dominant.mask) : CHOOSE_PER_ATTACK;
}
