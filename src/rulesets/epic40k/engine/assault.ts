import { d6 } from '../../../sim/dice/d6.js';
import { rollDice } from '../../../sim/diceExpr.js';
import type { Sfc32 } from '../../../sim/rng.js';
import * as outcomes from '../../../sim/assaultOutcomes.js';
import { saveAll } from './applyHits.js';
import { combatBonus } from './combatBonus.js';
import { loserHitNumber, winnerHitNumber } from './hitNumbers.js';
import { leadershipTest } from './leadershipTest.js';
import { halvedForState, ORDER_ASSAULT, ORDER_MARCH } from './orders.js';
import type { Epic40kState } from './state.js';
import { damageWarEngine } from './warEngineDamage.js';
import { firefight, FIREFIGHT_NO_RESULT, NO_FIREFIGHT } from './firefight.js';
import { nearestEnemy, placeOnLine, SUPPORT_RANGE, warEngineDetachment } from './battleLine.js';
import { breakAndRetreat } from './breakAndRetreat.js';

// Copies of the shared outcome codes (the NetEA tally records them, recordAssault.ts).
const NO_ASSAULT = outcomes.NO_ASSAULT;
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;

/**
 * An assault as one step of a script: the detachments and the result of its
 * last trial. Created once per scenario.
 */
export class AssaultPlan {
  /** The assaulting detachments, then the assaulted. */
  readonly dets: Int32Array;
  /** Detachments outside the combat whose war engines lend support (L1184). */
  readonly support: Int32Array;
  /** The assaulting side (0 or 1): its units charge towards the other's, and its win is the attacker's. */
  readonly attacker: number;
  outcome = 0;
  rounds = 0;
  constructor(by: number[], at: number[], support: number[], attacker: number) {
    this.dets = Int32Array.from([...by, ...at]);
    this.support = Int32Array.from(support);
    this.attacker = attacker;
  }
}

/**
 * The assault moves and charges of the assaulting side (BattleBible L1160-1168): every
 * assaulting detachment that is not broken, is on Assault orders and passes
 * its Leadership test if it has Blast markers (L1162; option
 * `assaultMoveTest`) moves its units, nearest first, Speed x their charge
 * multiple (infantry 2x, cavalry and jump packs 3x, L1168, L1390, L1416).
 * A unit that can reach an enemy unit with room (at most two attackers per
 * unit, up to half its starting Damage Capacity on a war engine, L1182)
 * moves into contact with the one with fewest attackers, nearest first;
 * the others close in as far as they can. Returns the units in contact.
 */
export function chargeMoves(st: Epic40kState, rng: Sfc32, plan: AssaultPlan): number {
  let contacts = 0;
  const dets = plan.dets;
  const attacker = plan.attacker;
  // Side 0 stands at -x and side 1 at +x (battleLine.ts): the chargers move towards the other side.
  const toward = attacker === 0 ? 1 : -1;
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    if (st.side[d] !== attacker || st.broken[d] === 1 || st.order[d] !== ORDER_ASSAULT) continue;
    if (st.options.assaultMoveTest && st.bm[d]! > 0 && !leadershipTest(st, rng, d)) continue;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0) continue;
      const move = st.speed[u]! * st.chargeMultiple[u]!;
      let best = -1;
      let nearest = Infinity;
      for (let q = 0; q < dets.length; q++) {
        const e = dets[q]!;
        if (st.side[e] === attacker) continue;
        const eEnd = st.first[e]! + st.count[e]!;
        for (let v = st.first[e]!; v < eEnd; v++) {
          if (st.alive[v] === 0) continue;
          const dist = toward * (st.x[v]! - st.x[u]!);
          if (dist < nearest) nearest = dist;
          if (dist > move) continue;
          const cap = st.warEngine[v] === 1 ? st.startDc[v]! >> 1 : 2;
          if (st.engaged[v]! >= cap) continue;
          if (best < 0 || st.engaged[v]! < st.engaged[best]! || (st.engaged[v] === st.engaged[best] && dist < toward * (st.x[best]! - st.x[u]!))) best = v;
        }
      }
      if (best >= 0) {
        st.x[u] = st.x[best]!;
        st.engaged[best]!++;
        st.contact[u] = 1;
        st.contact[best] = 1;
        contacts++;
      } else if (nearest < Infinity) {
        st.x[u] = st.x[u]! + toward * (move < nearest ? move : nearest);
      }
    }
  }
  return contacts;
}

/**
 * Resolves an assault step: the charge, then a close combat if any unit is in
 * base contact (closeCombat), then a firefight between the detachments still
 * within 15 cm (firefight.ts, L1233). Sets `plan.outcome` (the close combat's
 * result, or the firefight's if there was no close combat) and `plan.rounds`
 * (the roll-offs, ties included).
 */
export function assault(st: Epic40kState, rng: Sfc32, plan: AssaultPlan): void {
  placeOnLine(st);
  st.contact.fill(0);
  st.engaged.fill(0);
  plan.outcome = NO_ASSAULT;
  plan.rounds = 0;
  if (chargeMoves(st, rng, plan) > 0) closeCombat(st, rng, plan);
  const ffWinner = firefight(st, rng, plan.dets, plan.attacker);
  if (plan.outcome === NO_ASSAULT && ffWinner !== NO_FIREFIGHT) {
    plan.rounds = st.firefightRolls;
    plan.outcome = ffWinner === FIREFIGHT_NO_RESULT ? NO_RESULT : ffWinner === plan.attacker ? ATTACKER_WINS : DEFENDER_WINS;
  }
}

/** A unit's Assault value in a combat (dice expressions rolled: "D3+3", L1492). */
function assaultValue(st: Epic40kState, rng: Sfc32, u: number): number {
  const n = st.assaultN[u]!;
  return n === 0 ? st.assault[u]! : rollDice(rng, n, st.assaultSides[u]!, st.assault[u]!);
}

/**
 * A close combat (BattleBible L1170-1229) between the detachments of the
 * plan with units in base contact:
 *
 * - each side totals the Assault of its units in contact, +1 for every other
 *   unit of its detachments within 15 cm of the enemy (Close Support: its
 *   firepower; a war engine: half its current Damage Capacity, rounding up),
 *   and war engines of the support detachments within 15 cm (L1182-1184);
 *   broken and marching detachments halve their total (L1271, L942);
 * - bonuses (combatBonus.ts), a D6 each; a tie gives every detachment in the
 *   combat a Blast marker and the dice are rolled again (L1201-1207);
 * - each losing detachment takes a Blast marker per point of difference, at
 *   most one per unit it had in contact (L1207-1209);
 * - every unit in contact rolls its dice at its side's hit number
 *   (hitNumbers.ts); hits go to the enemy units in contact, one each before
 *   any gets a second; Saves apply; war engines take them through their
 *   shields (L1213-1225);
 * - the losing detachments are Broken and retreat 20 cm (L1229, L1277); war
 *   engines neither break nor retreat (L751); Rampage units cannot retreat and
 *   are destroyed (L1424).
 */
export function closeCombat(st: Epic40kState, rng: Sfc32, plan: AssaultPlan): void {
  const dets = plan.dets;
  let total0 = 0;
  let total1 = 0;
  let psy0 = 0;
  let psy1 = 0;
  let bm0 = 0;
  let bm1 = 0;
  const roundUp = st.options.marchingRoundUp;
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    const side = st.side[d];
    let total = 0;
    let psykers = 0;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0) continue;
      if (st.contact[u] === 1) {
        total += assaultValue(st, rng, u);
        psykers += st.psyker[u]!;
      } else if (nearestEnemy(st, u, dets) <= SUPPORT_RANGE) {
        total += supportValue(st, u);
        psykers += st.psyker[u]!;
      }
    }
    total = halvedForState(total, st.broken[d] === 1, st.order[d] === ORDER_MARCH, roundUp);
    const bm = warEngineDetachment(st, d) ? 0 : st.bm[d]!;
    if (side === 0) {
      total0 += total;
      psy0 += psykers;
      bm0 += bm;
    } else {
      total1 += total;
      psy1 += psykers;
      bm1 += bm;
    }
  }
  for (let k = 0; k < plan.support.length; k++) {
    const d = plan.support[k]!;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0 || st.warEngine[u] === 0 || nearestEnemy(st, u, dets) > SUPPORT_RANGE) continue;
      if (st.side[d] === 0) total0 += (st.dc[u]! + 1) >> 1;
      else total1 += (st.dc[u]! + 1) >> 1;
    }
  }
  const bonus0 = combatBonus(total0, total1, bm0, bm1, psy0, psy1);
  const bonus1 = combatBonus(total1, total0, bm1, bm0, psy1, psy0);
  // The attacker's die first (the seed names no order): an assault by side 1 is the mirror image of one by side 0.
  const attacker = plan.attacker;
  const bonusAttacker = attacker === 0 ? bonus0 : bonus1;
  const bonusDefender = attacker === 0 ? bonus1 : bonus0;
  let diff = 0;
  while (diff === 0) {
    plan.rounds++;
    diff = d6(rng) + bonusAttacker - (d6(rng) + bonusDefender);
    if (diff !== 0) break;
    for (let k = 0; k < dets.length; k++) if (st.aliveIn(dets[k]!) > 0 && hasContact(st, dets[k]!)) st.addBlastMarkers(dets[k]!, 1);
    if (plan.rounds >= st.options.maxTieRolls) {
      plan.outcome = NO_RESULT;
      return;
    }
  }
  const winner = diff > 0 ? attacker : 1 - attacker;
  const difference = diff > 0 ? diff : -diff;
  plan.outcome = diff > 0 ? ATTACKER_WINS : DEFENDER_WINS;
  // Blast markers on the losers, at most one per unit in contact.
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    if (st.side[d] === winner) continue;
    const inContact = contactCount(st, d);
    st.addBlastMarkers(d, difference < inContact ? difference : inContact);
  }
  // Both sides roll for hits against the enemy units in contact, then casualties.
  const winNeed = winnerHitNumber(difference);
  const loseNeed = loserHitNumber(difference);
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    const need = st.side[d] === winner ? winNeed : loseNeed;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0 || st.contact[u] === 0) continue;
      const dice = st.warEngine[u] === 1 ? (st.dc[u]! + 1) >> 1 : st.ccDice[u]!;
      for (let r = 0; r < dice; r++) if (d6(rng) >= need) hitEnemyInContact(st, dets, st.side[d]!);
    }
  }
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      const h = st.ccHits[u]!;
      if (h === 0) continue;
      st.ccHits[u] = 0;
      if (st.warEngine[u] === 1) damageWarEngine(st, rng, u, h, true, false);
      else if (!saveAll(st, rng, u, h)) st.alive[u] = 0;
    }
  }
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    if (st.side[d] !== winner) breakAndRetreat(st, d);
  }
}

/** A hit by side `side` on the enemy unit in contact with the fewest hits so far, nearest first. */
function hitEnemyInContact(st: Epic40kState, dets: Int32Array, side: number): void {
  let best = -1;
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    if (st.side[d] === side) continue;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0 || st.contact[u] === 0) continue;
      if (best < 0 || st.ccHits[u]! < st.ccHits[best]!) best = u;
    }
  }
  if (best >= 0) st.ccHits[best]!++;
}

/** What a unit not in contact adds to its side within 15 cm (L1184): 1; Close Support its firepower (L1394); a war engine half its current Damage Capacity. */
function supportValue(st: Epic40kState, u: number): number {
  if (st.warEngine[u] === 1) return (st.dc[u]! + 1) >> 1;
  if (st.closeSupport[u] === 1) return st.firepower[u]!;
  return 1;
}

function hasContact(st: Epic40kState, d: number): boolean {
  return contactCount(st, d) > 0;
}

function contactCount(st: Epic40kState, d: number): number {
  let n = 0;
  const end = st.first[d]! + st.count[d]!;
  for (let u = st.first[d]!; u < end; u++) n += st.contact[u]!;
  return n;
}

