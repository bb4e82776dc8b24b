import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { supportTargetSide } from '../assault/attacks.js';
import { staticCoordinate } from '../assault/axis.js';
import { withinAssaultRange } from '../assault/reach.js';
import { strikesFirst } from '../assault/firstStrike.js';

export interface AttackGroup {
  /** The unit rolling, or -1 for several units that cannot die before they roll. */
  unit: number;
  diceN: number;
  diceSides: number;
  dicePlus: number;
  toHit: number;
  flags: number;
  side: number;
  /** Supporting fire: the engaged enemies the unit must stand within 15 cm of (empty for the fight). */
  near: number[];
}

/**
 * The groups a plan rolls, in the order `assault` rolls them (see
 * `AssaultPlan.fsEnd` to `nGroups`), and each side's first-round allocation
 * order.
 */
export interface PlanGroups {
  groups: AttackGroup[];
  fsEnd: number;
  mainEnd: number;
  supportEnd: number;
  staticRounds: boolean;
  laterFsEnd: number;
  laterMainEnd: number;
  order: number[][];
}

/** The attack groups of an assault whose charge and counter-charges are done (`startAssault` returned ENGAGED_START). */
export function attackGroups(e: Engagement): PlanGroups {
  // IV. The fight: directly engaged units of both sides, first strike then the rest (TP Resolve Attacks).
  // All are alive when the round begins; only first-strike casualties die before their turn.
  const fightPhase = (firstStrike: boolean) => {
    const out: AttackGroup[] = [];
    for (let k = 0; k < e.asBound[2]!; k++) {
      const u = e.asList[k]!;
      if (e.asEngaged[u] === 1) out.push(...unitGroups(e, u, firstStrike, 1 - e.asSide[u]!, []));
    }
    return out;
  };
  const fsGroups = e.asListFirstStrike ? fightPhase(true) : [];
  const mainGroups = fightPhase(false);
  const groups = mergeGroups(fsGroups);
  const fsEnd = groups.length;
  groups.push(...(e.asListFirstStrike ? mainGroups : mergeGroups(mainGroups)));
  const mainEnd = groups.length;
  // Supporting fire (RB 1.12.6): the units of unbroken supporting formations within 15 cm of an
  // engaged enemy. No attack reaches them before it, so all are alive.
  const supportGroups: AttackGroup[] = [];
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 3 || e.fBroken[f] === 1) continue;
    const side = supportTargetSide(e, f);
    for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) {
      if ((e.uFlags[u]! & C.U_CC_ONLY) !== 0) continue;
      const near = engagedEnemiesInReach(e, u);
      if (near.length === 0) continue;
      supportGroups.push(...unitGroups(e, u, false, side, near), ...unitGroups(e, u, true, side, near));
    }
  }
  groups.push(...mergeGroups(supportGroups));
  const supportEnd = groups.length;
  let staticRounds = true;
  for (let k = 0; k < e.asBound[2]!; k++) if (e.asContact[e.asList[k]!] === 0) staticRounds = false;
  if (staticRounds) groups.push(...fsGroups);
  const laterFsEnd = groups.length;
  if (staticRounds) groups.push(...mainGroups);
  const laterMainEnd = groups.length;
  if (staticRounds) groups.push(...supportGroups);
  const order = [0, 1].map((side) => Array.from(e.asOrder.subarray(e.asOrderStart[side]!, e.asOrderStart[side]! + e.asOrderCount[side]!)));
  return { groups, fsEnd, mainEnd, supportEnd, staticRounds, laterFsEnd, laterMainEnd, order };
}

/** The directly engaged enemy units within reach (`withinAssaultRange`) of supporting unit u, which the assault does not move. */
function engagedEnemiesInReach(e: Engagement, u: number): number[] {
  const pos = staticCoordinate(e, u, e.asAttackerSide, e.asDefenderLine);
  const enemySide = e.fSide[e.uFormation[u]!] === e.asAttackerSide ? 1 : 0;
  const out: number[] = [];
  for (let k = enemySide === 0 ? 0 : e.asBound[1]!; k < (enemySide === 0 ? e.asBound[1]! : e.asBound[2]!); k++) {
    const v = e.asList[k]!;
    if (e.asEngaged[v] === 1 && withinAssaultRange(Math.abs(pos - e.asPos[v]!))) out.push(v);
  }
  return out;
}

/**
 * Unit u's attack lines for one profile and phase, as `rollUnitAttacks`
 * rolls them (RB 1.12.5, 2.2.3-2.2.6): its one base die (no war engines
 * here), then each weapon's extra attacks (assault weapons in close combat,
 * small arms in a firefight) with the weapon's abilities. The to-hit value
 * is the unit's close combat or firefight value; toHit is left at NONE.
 */
export function profileLines(e: Engagement, u: number, baseFlags: number, firstStrikePhase: boolean): AttackGroup[] {
  const out: AttackGroup[] = [];
  const unitFirst = strikesFirst(e, u);
  const useCC = (baseFlags & C.H_CLOSE_COMBAT) !== 0;
  if (unitFirst === firstStrikePhase) out.push({ unit: u, diceN: 0, diceSides: 0, dicePlus: 1, toHit: C.NONE, flags: baseFlags, side: 0, near: [] });
  if (e.uExtraAttacks[u] === 0) return out;
  for (let l = e.uLineStart[u]!; l < e.uLineEnd[u]!; l++) {
    const kind = e.wKind[l]!;
    if (kind === C.KIND_RANGED || e.wExN[l]! + e.wExPlus[l]! === 0) continue;
    if ((kind === C.KIND_ASSAULT) !== useCC) continue;
    if ((unitFirst || (e.wFlags[l]! & C.W_FIRST_STRIKE) !== 0) !== firstStrikePhase) continue;
    out.push({ unit: u, diceN: e.wExN[l]!, diceSides: e.wExSides[l]!, dicePlus: e.wExPlus[l]!, toHit: C.NONE, flags: baseFlags | e.wHitFlags[l]!, side: 0, near: [] });
  }
  return out;
}

/** Unit u's first-round attack groups for one phase: its lines by its attack profile (`setAttackProfile`), aimed at `side`. */
function unitGroups(e: Engagement, u: number, firstStrikePhase: boolean, side: number, near: number[]): AttackGroup[] {
  const value = e.asAtkValue[u]!;
  if (value >= C.NONE) return [];
  return profileLines(e, u, e.asAtkFlags[u]!, firstStrikePhase).map((l) => ({ ...l, toHit: value, side, near }));
}
/**
 * Joins each run of consecutive groups of units that are all alive when they
 * roll, with fixed dice and the same to-hit value, hits and reach: one after
 * the other they roll the same dice as one group with all their dice.
 */
function mergeGroups(groups: AttackGroup[]): AttackGroup[] {
  const out: AttackGroup[] = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    if (last !== undefined && last.diceN === 0 && g.diceN === 0 && last.toHit === g.toHit && last.flags === g.flags && last.side === g.side && sameUnits(last.near, g.near)) {
      last.dicePlus += g.dicePlus;
    } else {
      out.push({ ...g, unit: -1 });
    }
  }
  return out;
}

export function sameUnits(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
