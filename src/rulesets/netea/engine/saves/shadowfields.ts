import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { touch } from '../unitState.js';

/**
 * TP Dark Eldar Technology, Shadowfields: "Each shadowfield will absorb one
 * successful hit before going down; no blast markers are caused for this hit
 * (this includes firefight but not close combat)". A whole hit, Titan Killer
 * damage and all, goes into one field, before any void shield or save.
 */
export function shadowfieldAbsorbs(e: Engagement, u: number, hitFlags: number): boolean {
  const s = e.saves;
  if (s.stShadowfields[u]! === 0 || (hitFlags & C.H_CLOSE_COMBAT) !== 0) return false;
  touch(e, u);
  s.stShadowfields[u]!--;
  return true;
}

/**
 * "A war engine with at least one shadowfield remaining automatically regains
 * an additional field at the end of the rally phase of each turn. If the
 * shadowfields are completely knocked out, they will not return", and never
 * more than it started with.
 */
export function regainShadowfields(e: Engagement): void {
  const s = e.saves;
  for (let u = 0; u < e.nUnits; u++) {
    const up = s.stShadowfields[u]!;
    if (e.stAlive[u] === 1 && up > 0 && up < s.uShadowfields[u]!) {
      touch(e, u);
      s.stShadowfields[u] = up + 1;
    }
  }
}

/**
 * "An active Shadowfield always counts as being in cover (apply -1 cover
 * modifier). This has no effect on their engagements": shooting at the unit
 * takes the cover modifier while a field is up.
 */
export function countsAsInCover(e: Engagement, u: number): boolean {
  return (e.uFlags[u]! & C.U_IN_COVER) !== 0 || e.saves.stShadowfields[u]! > 0;
}
