import type { Engagement } from '../engagement.js';
import { endsWithdrawalInReach, withdraws } from '../breaking.js';

/**
 * Can a unit of formation f end its withdrawal (two moves away, RB 1.13.3)
 * within 15 cm of an enemy? Not if it cannot even with every enemy alive,
 * since the nearest living enemy is never nearer than the nearest enemy.
 * The sums are those of `withdraw`, in its order.
 */
export function withdrawSafe(e: Engagement, f: number): boolean {
  for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) {
    if (!withdraws(e.uFlags[u]!)) continue;
    let best = Infinity;
    for (let g = 0; g < e.nFormations; g++) {
      if (e.fSide[g] === e.fSide[f]) continue;
      let nearest = Infinity;
      for (let v = e.fUnitStart[g]!; v < e.fUnitEnd[g]!; v++) nearest = Math.min(nearest, e.uDepth[v]!);
      const d = e.fFront[f]! + e.uDepth[u]! + e.fFront[g]! + nearest;
      if (d < best) best = d;
    }
    if (endsWithdrawalInReach(best, e.uSpeed[u]!)) return false;
  }
  return true;
}
