import type { Engagement } from '../engagement.js';
import { touch } from '../unitState.js';

/** RB 1.7.5; TP Transport Vehicles: passengers disembark within 5 cm of their transport. */
export const DISEMBARK_RANGE = 5;

/** Distance from the defending line that a charger stops at unless it makes base contact (zone of control, RB 1.12.3). */
const ZONE_OF_CONTROL = 5;

/**
 * Disembarking to charge (RB 1.7.5, 1.12.3; TP Transport Vehicles): the
 * attackers' passengers get out at the end of their transport's charge move,
 * within 5 cm of it. On the assault axis each is placed 5 cm nearer the enemy
 * than its transport, but outside the enemy's zone of control (where its
 * transport stands, if the transport got that far), and from there it may
 * make base contact with an enemy unit within 5 cm of the transport
 * (`asOrigin` is the transport's place: the charge measures the 5 cm from
 * it, assault.ts chargeMove). Called once the attackers' transports have
 * moved; nothing changes state until the assault goes ahead (`disembark`).
 */
export function placePassengers(e: Engagement): void {
  const ts = e.transports;
  const end = e.asBound[1]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    if (ts.stEmbarked[u] === 0 || e.stAlive[u] === 0) continue;
    const at = e.asPos[ts.uCarriedBy[u]!]!;
    e.asOrigin[u] = at;
    e.asPos[u] = at >= -ZONE_OF_CONTROL ? at : Math.min(at + DISEMBARK_RANGE, -ZONE_OF_CONTROL);
  }
}

/** The assault goes ahead: every attacking formation's passengers are out (placed by `placePassengers` or the charge cache). */
export function disembarkAttackers(e: Engagement): void {
  const ts = e.transports;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 1 || ts.fEmbarked[f] === 0) continue;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (ts.stEmbarked[u] === 0) continue;
      touch(e, u);
      ts.stEmbarked[u] = 0;
    }
    ts.fEmbarked[f] = 0;
  }
}
