import type { Sfc32 } from '../../../rng.js';
import { d6 } from '../../../dice/d6.js';
import { rollDice } from '../../../diceExpr.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { extraDamage } from '../damage.js';
import { markDead, touch } from '../unitState.js';
import { destroyPassengers, wreckPassengers } from '../transport/passengers.js';
import {
  CRIT_D6_TABLE,
  CRIT_DAMAGE,
  CRIT_DAMAGE_ON_MISS,
  CRIT_DESTROYED,
  CRIT_DISARMED,
  CRIT_FIRE,
  CRIT_FRIENDLY_BLAST_MARKERS,
  CRIT_HITS_AROUND,
  CRIT_LOSES_CHARACTER,
  CRIT_LOSES_DEFLECTOR,
  CRIT_LOSES_HOLOFIELD,
  CRIT_PASSENGERS_KILLED,
  CRIT_REACTOR,
  CRIT_STAGGER,
  CRIT_SUBSEQUENT,
  CRIT_TO_HIT,
  LATER_DAMAGE,
  LATER_DESTROYED,
} from './criticalTable.js';
import { hitsAround } from './hitsAround.js';
import { loseCarriage } from './carriages.js';

/**
 * A war engine's critical-hit effect, from its datasheet (RB 3.2.3): every
 * part of it, in order (RB FAQ: criticals are cumulative). Parts that change
 * the war engine for the rest of the game (a to-hit penalty, a lost Holofield
 * or deflector) do so on the first critical and do their `later` effect on
 * each one after ("Subsequent critical hits ..."). An effect printed as "...
 * Subsequent critical hits ..." has a CRIT_SUBSEQUENT row: the rows before it
 * are the first critical's, the rows after it every later one's.
 */
export function applyCritical(e: Engagement, u: number, noBm: boolean, rng: Sfc32): void {
  touch(e, u);
  e.stCritCount[u]!++;
  const t = e.crits;
  let start = e.uCritStart[u]!;
  let end = e.uCritEnd[u]!;
  for (let c = start; c < end; c++) {
    if (t.kind[c] !== CRIT_SUBSEQUENT) continue;
    if (e.stCritCount[u] === 1) end = c;
    else start = c + 1;
    break;
  }
  for (let c = start; c < end; c++) {
    switch (t.kind[c]) {
      case CRIT_DAMAGE:
        extraDamage(e, u, rollDice(rng, t.a[c]!, t.b[c]!, t.c[c]!), noBm, rng);
        break;
      case CRIT_DESTROYED:
        criticalDestruction(e, u, t.b[c]!, noBm, rng);
        partHitsAround(e, u, c, rng);
        break;
      case CRIT_REACTOR:
        if (e.stAlive[u] === 1) e.stReactor[u] = 1;
        break;
      case CRIT_FIRE:
        if (e.stAlive[u] === 1) e.stFires[u]!++;
        break;
      case CRIT_TO_HIT:
        // Supa-Stompa: the first critical costs its to-hit; later ones cause extra damage.
        if (e.stToHitPenalty[u] === 0) e.stToHitPenalty[u] = t.a[c]!;
        else extraDamage(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_STAGGER:
        // Warhound stagger: only matters if it runs into something (an engagement-model input).
        if (e.optStaggerBlockedChance > 0 && (rng.next() >>> 0) / 4294967296 < e.optStaggerBlockedChance) {
          if (t.a[c] === 1) criticalDestruction(e, u, 0, noBm, rng);
          else extraDamage(e, u, 1, noBm, rng);
        }
        break;
      case CRIT_LOSES_HOLOFIELD:
        if (!e.saves.loseHolofield(u)) laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_LOSES_DEFLECTOR:
        if (!e.saves.loseDeflector(u)) laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_HITS_AROUND:
        partHitsAround(e, u, c, rng);
        break;
      case CRIT_DISARMED:
        // Dark Eldar: no weapons, no close combat value, the firefight value given (0 in stDisarmed: armed).
        if (e.stDisarmed[u] === 0) e.stDisarmed[u] = t.a[c]!;
        else laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_PASSENGERS_KILLED:
        destroyPassengers(e, u, rollDice(rng, t.a[c]!, t.b[c]!, t.c[c]!), noBm, rng);
        break;
      case CRIT_DAMAGE_ON_MISS:
        // Cyclops: "will take an extra point of damage whenever the Hellfury Cannon misses" (damageOnMiss.ts).
        if (e.stAlive[u] === 1) e.stMissDamage[u] = t.a[c]!;
        break;
      case CRIT_LOSES_CHARACTER:
        loseCarriage(e, u, noBm, rng);
        break;
      case CRIT_FRIENDLY_BLAST_MARKERS:
        // Ordinatus Majoris: every formation of its side (each has a line of fire in the model);
        // in an assault Blast markers are not placed for what happens during the fight.
        if (!noBm) for (let g = 0; g < e.nFormations; g++) if (e.fSide[g] === e.fSide[e.uFormation[u]!]) e.fPendingBm[g]!++;
        break;
      case CRIT_D6_TABLE: {
        const face = 1 << d6(rng);
        const last = t.a[c]! + t.b[c]!;
        for (let r = t.a[c]!; r < last; r++) {
          if ((t.c[r]! & face) === 0) continue;
          if (t.d[r]! > 0) extraDamage(e, u, t.d[r]!, noBm, rng);
          partHitsAround(e, u, r, rng);
        }
        break;
      }
    }
  }
}

/** What a critical after the first does once the war engine has lost what the first took. */
function laterEffect(e: Engagement, u: number, later: number, noBm: boolean, rng: Sfc32): void {
  if (later === LATER_DAMAGE) extraDamage(e, u, 1, noBm, rng);
  else if (later === LATER_DESTROYED) criticalDestruction(e, u, 0, noBm, rng);
}

/** The hits around of critical row c, if it has any. */
export function partHitsAround(e: Engagement, u: number, c: number, rng: Sfc32): void {
  const t = e.crits;
  if (t.aroundToHit[c]! >= C.NONE) return;
  const range = t.aroundRollN[c]! > 0 ? rollDice(rng, t.aroundRollN[c]!, t.aroundRollSides[c]!, 0) : t.aroundRange[c]!;
  hitsAround(e, u, t.aroundToHit[c]!, range, t.aroundFlags[c]!, t.aroundClasses[c]!, t.aroundSelf[c] === 1, rng);
}

/**
 * Destroyed by a critical: the formation takes BMs for the DC it had left (RB 3.2.4, FAQ);
 * passengers survive only on the faces `passengersSurviveOn` (a bit per face) of the datasheet.
 */
export function criticalDestruction(e: Engagement, u: number, passengersSurviveOn: number, noBm: boolean, rng: Sfc32): void {
  if (e.stAlive[u] === 0) return;
  const f = e.uFormation[u]!;
  if (!noBm) e.fPendingBm[f]! += e.stDC[u]!;
  e.stDamageTaken[u]! += e.stDC[u]!;
  e.fDamage[f]! += e.stDC[u]!;
  markDead(e, u);
  if (e.transports.tCount[u]! > 0) wreckPassengers(e, u, passengersSurviveOn, noBm, rng);
  if (f === e.atkTarget) e.atkNonExpendableKills++;
}
