import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import type { AssaultSetup } from './setup.js';
import { DISEMBARK_RANGE, placePassengers } from '../transport/disembark.js';
import { computeDistances } from './positions.js';
import { withinAssaultRange } from './reach.js';
import { closingMove, counterChargeMove, counterChargeTarget, countersIntoContact } from './counterChargeRules.js';

/** Would the unit rather fight in base contact (its CC value is at least as good, or it has no ranged weapons)? */
export function wantsContact(e: Engagement, u: number): boolean {
  const fl = e.uFlags[u]!;
  if ((fl & C.U_SUPPORT_CRAFT) !== 0) return false;
  if ((fl & (C.U_CC_ONLY | C.U_WAR_ENGINE)) !== 0) return e.uCC[u]! < C.NONE || (fl & C.U_WAR_ENGINE) !== 0;
  return e.uCC[u]! <= e.uFF[u]!;
}

/**
 * Charge move: one move, twice the speed for infiltrators (RB 2.1.4); a
 * passenger's, from where its transport got to, the 5 cm it may disembark
 * within (transport/disembark.ts).
 */
function chargeMove(e: Engagement, u: number): number {
  if (e.transports.stEmbarked[u] === 1) return DISEMBARK_RANGE;
  return (e.uFlags[u]! & C.U_INFILTRATOR) !== 0 ? 2 * e.uSpeed[u]! : e.uSpeed[u]!;
}

/**
 * Puts u and v in base contact. Against a support craft, or a skimmer that
 * would rather shoot, both fight with firefight values (TP Support Craft;
 * RB 2.1.13).
 */
function makeContact(e: Engagement, u: number, v: number): void {
  e.asContact[u]!++;
  e.asContact[v]!++;
  e.asPos[u] = e.asPos[v]!;
  if (prefersFirefight(e, u) || prefersFirefight(e, v)) {
    e.asForceFF[u] = 1;
    e.asForceFF[v] = 1;
  }
}

/** Would the unit rather fight with its firefight value: a support craft, or a skimmer whose FF is the better (TP Support Craft; RB 2.1.13)? */
export function prefersFirefight(e: Engagement, u: number): boolean {
  const fl = e.uFlags[u]!;
  return (fl & C.U_SUPPORT_CRAFT) !== 0 || ((fl & C.U_SKIMMER) !== 0 && e.uFF[u]! < e.uCC[u]!);
}

/** How many enemies may be in base contact with u: two, or twice the starting DC of a war engine (RB 3.3.1). */
export function contactCap(e: Engagement, u: number): number {
  return (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? 2 * e.uStartDC[u]! : 2;
}

/**
 * II. The charge move (RB 1.12.3): one move (infiltrators twice, RB 2.1.4),
 * front units first; at most two chargers per defender, spread one each
 * first; units that would rather shoot stop outside the 5 cm zone of control.
 * Passengers get out at the end of their transport's move and charge from
 * there (transport/disembark.ts). False if no charger ends within 15 cm of
 * the target: then there is no assault.
 */
export function charge(e: Engagement, s: AssaultSetup): boolean {
  let contacts = 0;
  const aEnd = e.asBound[1]!;
  const dEnd = e.asBound[2]!;
  for (let k = 0; k < aEnd; k++) {
    const u = e.asList[k]!;
    e.asOrigin[u] = e.asPos[u]!;
    if (e.stAlive[u] === 1 && e.transports.stEmbarked[u] === 0) e.asPos[u] = Math.min(e.asPos[u]! + chargeMove(e, u), -5);
  }
  if (e.transports.any) placePassengers(e);
  for (let k = 0; k < dEnd; k++) e.asForceFF[e.asList[k]!] = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < aEnd; k++) {
      const u = e.asList[k]!;
      if (e.stAlive[u] === 0 || e.asContact[u]! > 0 || !wantsContact(e, u)) continue;
      if (s.contactLimit >= 0 && contacts >= s.contactLimit) break;
      const move = chargeMove(e, u);
      let target = -1;
      for (let j = aEnd; j < dEnd; j++) {
        const v = e.asList[j]!;
        if (e.stAlive[v] === 0) continue;
        if (e.asContact[v]! >= (pass === 0 ? 1 : contactCap(e, v))) continue;
        if (e.asPos[v]! - e.asOrigin[u]! > move) continue;
        if (target < 0 || e.asPos[v]! < e.asPos[target]!) target = v;
      }
      if (target >= 0) {
        makeContact(e, u, target);
        contacts++;
      }
    }
  }
  computeDistances(e);
  let within15 = false;
  for (let k = 0; k < aEnd; k++) if (e.stAlive[e.asList[k]!] === 1 && withinAssaultRange(e.asDist[e.asList[k]!]!)) within15 = true;
  // Without a charger within 15 cm of the target there is no assault (RB 1.12.3).
  return within15;
}

/** After the charge the attacking formations stand where their front units got to. */
export function moveAttackerFronts(e: Engagement, defenderLine: number): void {
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 1) continue;
    let nearest = Infinity;
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 1 && -e.asPos[u]! < nearest) nearest = Math.max(0, -e.asPos[u]!);
    }
    if (nearest !== Infinity) e.fFront[f] = nearest - defenderLine - e.fMinDepth[f]!;
  }
}

/**
 * Counter-charges (RB 1.12.4) for assault side `side`, by the rules of
 * counterChargeRules.ts: units not in base contact move towards the nearest
 * enemy and make contact if it is within reach and not already touching as
 * many as `contactCap` allows; the others close in. Units inside transports
 * stay in them (the defenders' passengers do not dismount to counter-charge:
 * a choice, RB 1.12.4 allows it).
 */
export function counterCharge(e: Engagement, side: number): void {
  e.asFreshCache = 0;
  computeDistances(e);
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  const enemyFrom = side === 0 ? e.asBound[1]! : 0;
  const enemyTo = side === 0 ? e.asBound[2]! : e.asBound[1]!;
  for (let k = from; k < to; k++) {
    const u = e.asList[k]!;
    if (e.stAlive[u] === 0 || e.asContact[u]! > 0 || e.transports.stEmbarked[u] === 1) continue;
    const move = counterChargeMove(e.uSpeed[u]!);
    const nearest = counterChargeTarget(e.asPos[u]!, e.asList, enemyFrom, enemyTo, e.stAlive, e.asPos, e.asContact, e.asContactCap);
    if (nearest < 0) continue;
    const room = e.asContact[nearest]! < e.asContactCap[nearest]!;
    if (countersIntoContact(wantsContact(e, u), Math.abs(e.asPos[u]! - e.asPos[nearest]!), move, room)) makeContact(e, u, nearest);
    else e.asPos[u] = closingMove(e.asPos[u]!, e.asPos[nearest]!, move);
  }
}
