import type { Engagement } from './engagement.js';

/** TP The Hive Mind: "A synapse swarm with no synapse units has an initiative of 3+". */
export const NO_SYNAPSE_INITIATIVE = 3;

/** Has formation f a living synapse unit? */
function hasSynapse(e: Engagement, f: number): boolean {
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && e.swarm.uSynapse[u]! > 0) return true;
  return false;
}

/** The initiative formation f tests against: a synapse swarm that has lost its synapse units tests on 3+. */
export function initiativeOf(e: Engagement, f: number): number {
  return e.fHiveMind[f] === 1 && !hasSynapse(e, f) ? NO_SYNAPSE_INITIATIVE : e.fInitiative[f]!;
}

/** TP The Hive Mind: "A synapse swarm with at least one synapse unit ignores the -2 modifier for being broken when it is attempting to rally." */
export function ignoresBrokenRallyModifier(e: Engagement, f: number): boolean {
  return e.fHiveMind[f] === 1 && hasSynapse(e, f);
}
