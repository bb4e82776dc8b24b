import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const U_STRIDE = layout.U_STRIDE;
const U_FORMATION = layout.U_FORMATION;
const U_BREAK_WEIGHT = layout.U_BREAK_WEIGHT;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BREAK_WEIGHT = layout.F_BREAK_WEIGHT;

/**
 * `kill` but for the side's counts: unit u is dead, its formation's counts
 * follow, its points are added. For callers that keep the side's counts
 * themselves, and for the aftermath, after which no side count is read.
 */
export function dies(p: AssaultPlan, u: number): void {
  p.alive[u] = 0;
  const U = p.U;
  const ub = u * U_STRIDE;
  const f = U[ub + U_FORMATION]!;
  const F = p.F;
  const fb = f * F_STRIDE;
  F[fb + F_ALIVE]!--;
  F[fb + F_BREAK_WEIGHT]! -= U[ub + U_BREAK_WEIGHT]!;
  p.fPoints[f]! += p.uPoints[u]!;
}
