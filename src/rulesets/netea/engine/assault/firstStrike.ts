import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';

/**
 * Whether all of unit u's attacks strike first in the assault under way (RB
 * 2.2.4): a unit with first strike, or infantry of TP Masters of Siege in a
 * trench ("All infantry units gain first strike when within trenches"). The
 * trench's holds for the defending side only: the engaging formation leaves
 * its position to charge, as it leaves its cover (RB 1.12.5). The general
 * path's attacks and the assault plan's attack lines both ask here.
 */
export function strikesFirst(e: Engagement, u: number): boolean {
  const fl = e.uFlags[u]!;
  return (fl & C.U_FIRST_STRIKE) !== 0 || ((fl & C.U_TRENCH_FIRST_STRIKE) !== 0 && e.asSide[u] === 1);
}
