import type { Engagement } from '../engagement.js';
import { withinAssaultRange } from './reach.js';

/**
 * Position of a unit not moved by the assault on the assault axis: the
 * defending front line is 0, defenders stand at positive coordinates, the
 * attacking side at negative ones.
 */
export function staticCoordinate(e: Engagement, u: number, attackerSide: number, defenderLine: number): number {
  const f = e.uFormation[u]!;
  const fromCentre = e.fFront[f]! + e.uDepth[u]!;
  return e.fSide[f] === attackerSide ? -(fromCentre + defenderLine) : fromCentre - defenderLine;
}

/** Is a point of the axis within reach (`withinAssaultRange`) of a living unit of assault side `side` (directly engaged ones only, if asked)? */
export function withinOfSide(e: Engagement, pos: number, side: number, engagedOnly: boolean): boolean {
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  for (let k = from; k < to; k++) {
    const v = e.asList[k]!;
    if (e.stAlive[v] === 1 && (!engagedOnly || e.asEngaged[v] === 1) && withinAssaultRange(Math.abs(pos - e.asPos[v]!))) return true;
  }
  return false;
}
