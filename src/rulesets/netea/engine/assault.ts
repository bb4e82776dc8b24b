import type { Sfc32 } from '../../../sim/rng.js';
import { highestOf2D6 } from '../../../sim/dice/highestOf2D6.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { shoot } from './shoot.js';
import { disembarkAttackers } from './transport/disembark.js';
import { applyResult, countSide, resultModifiers } from './assault/result.js';
import { loadCharge, pristine, saveCharge, saveChargedState, type ChargeCache } from './assault/chargeCache.js';
import { charge, contactCap, counterCharge, moveAttackerFronts } from './assault/moves.js';
import { markEngaged } from './assault/positions.js';
import { staticCoordinate } from './assault/axis.js';
import { strikesFirst } from './assault/firstStrike.js';
import type { AssaultSetup } from './assault/setup.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT, NO_RESULT } from '../../../sim/assaultOutcomes.js';
import { countsAsKill, inspiringUnits, resultWinner, wipeOut as wipeOutOutcome } from './assault/resultRules.js';
import { fightPhase, fightWithSupport, PHASE_FIRST_STRIKE, PHASE_MAIN, setAttackProfile, supportingFire } from './assault/attacks.js';

/** The outcomes (src/sim/assaultOutcomes.ts), for this module's importers. */
export { ATTACKER_WINS, DEFENDER_WINS, NO_ASSAULT, NO_RESULT };

const inMask = (mask: number, f: number) => (mask & (1 << f)) !== 0;

/**
 * Who takes part (broken formations cannot engage, RB 1.13): sets each
 * formation's role and the role masks. Returns the attackers' table side, or
 * -1 when there is no attacker or no defender.
 */
function assignRoles(e: Engagement, s: AssaultSetup): number {
  let attackerSide = -1;
  e.asAttackers = 0;
  e.asDefenders = 0;
  e.asSupporters = 0;
  for (let f = 0; f < e.nFormations; f++) {
    e.fRole[f] = 0;
    if (inMask(s.attackers, f) && e.fBroken[f] === 0 && e.fAlive[f]! > 0) {
      e.fRole[f] = 1;
      e.asAttackers |= 1 << f;
      attackerSide = e.fSide[f]!;
    } else if (inMask(s.defenders, f) && e.fAlive[f]! > 0) {
      e.fRole[f] = 2;
      e.asDefenders |= 1 << f;
    } else if (inMask(s.supporters, f) && e.fAlive[f]! > 0) {
      e.fRole[f] = 3;
      e.asSupporters |= 1 << f;
    }
    e.fBrokenAtStart[f] = e.fBroken[f]!;
    e.asStartAliveCount[f] = e.fAlive[f]!;
  }
  return e.asDefenders === 0 ? -1 : attackerSide;
}

/** The units of each role, attackers then defenders then supporters, unless the lists already hold these roles. */
function listUnits(e: Engagement): void {
  if (e.asAttackers === e.asListAttackers && e.asDefenders === e.asListDefenders && e.asSupporters === e.asListSupporters) return;
  e.asListAttackers = e.asAttackers;
  e.asListDefenders = e.asDefenders;
  e.asListSupporters = e.asSupporters;
  e.asFreshCache = 0;
  e.asListFirstStrike = false;
  e.asListWarEngine = false;
  for (let u = 0; u < e.nUnits; u++) e.asSide[u] = -1;
  let n = 0;
  for (let role = 1; role <= 3; role++) {
    e.asBound[role - 1] = n;
    for (let f = 0; f < e.nFormations; f++) {
      if (e.fRole[f] !== role) continue;
      const end = e.fUnitEnd[f]!;
      e.asCountsByFormation[f] = 1;
      for (let u = e.fUnitStart[f]!; u < end; u++) {
        const fl = e.uFlags[u]!;
        if ((fl & C.U_WAR_ENGINE) !== 0 || inspiringUnits(fl) !== 0 || !countsAsKill(e, u)) e.asCountsByFormation[f] = 0;
        e.asList[n++] = u;
        e.asContactCap[u] = contactCap(e, u);
        if (role < 3) e.asSide[u] = role - 1;
        else setAttackProfile(e, u, true);
        if (e.uFirstStrike[u] === 1 || strikesFirst(e, u)) e.asListFirstStrike = true;
        if ((fl & C.U_WAR_ENGINE) !== 0) e.asListWarEngine = true;
      }
    }
  }
  e.asBound[3] = n;
}

/** Starting positions off the cache: every unit where it stands, no contacts; who is alive and each war engine's damage, for the result. */
function placeUnits(e: Engagement, attackerSide: number, defenderLine: number): void {
  e.asFreshCache = 0;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    e.asStartAlive[u] = e.stAlive[u]!;
    e.asStartDamage[u] = e.stDamageTaken[u]!;
    e.asContact[u] = 0;
    e.asPos[u] = staticCoordinate(e, u, attackerSide, defenderLine);
  }
}

/**
 * An assault (RB 1.12; TP Assaults, the NetEA sequence): charge, overwatch,
 * counter-charges, then rounds of first-strike and main attacks, the stall
 * and wipe-out check, supporting fire, and the result roll, until one side
 * wins; then the loser's extra hits, breaking and withdrawal, and the
 * winner's Blast markers.
 */
export function assault(e: Engagement, s: AssaultSetup, cache: ChargeCache, rng: Sfc32): number {
  const start = startAssault(e, s, cache);
  if (start === NO_ASSAULT_START) return NO_ASSAULT;
  const attackerSide = e.asAttackerSide;

  // Overwatch fire at the chargers, before counter-charges (RB 1.10, 1.12.4).
  if (s.overwatch !== 0) {
    for (let o = 0; o < e.nFormations; o++) {
      if (!inMask(s.overwatch, o) || e.fSide[o] === attackerSide) continue;
      for (let a = 0; a < e.nFormations; a++) {
        if (e.fRole[a] === 1 && e.fBroken[a] === 0) {
          shoot(e, o, a, C.ACTION_OVERWATCH, false, true, rng);
          break;
        }
      }
    }
    let standing = false;
    for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === 1 && e.fBroken[f] === 0 && e.fAlive[f]! > 0) standing = true;
    // A charger broken by overwatch withdraws and the assault is lost (RB 1.13.3).
    if (!standing) return DEFENDER_WINS;
    counterCharge(e, 1);
  }
  return fightRounds(e, start === ENGAGED_START, rng);
}

/** What `startAssault` leaves: no assault, the moves done, or the moves and the first round's engaged units done. */
export const NO_ASSAULT_START = 0;
export const MOVED_START = 1;
export const ENGAGED_START = 2;

/**
 * Everything before the first die of an assault: the roles, the charge and,
 * without overwatch, the counter-charges (from the cache when the starting
 * state is the cached one). Sets `asAttackerSide` and `asDefenderLine`.
 * With overwatch the counter-charges are left to the caller, after the fire.
 */
export function startAssault(e: Engagement, s: AssaultSetup, cache: ChargeCache): number {
  e.asRounds = 0;
  const attackerSide = assignRoles(e, s);
  if (attackerSide < 0) return NO_ASSAULT_START;
  e.asAttackerSide = attackerSide;

  // The defending line: the nearest living defender, measured from the centre line.
  let defenderLine = Infinity;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] === 2 && e.fFront[f]! + e.fMinDepth[f]! < defenderLine) defenderLine = e.fFront[f]! + e.fMinDepth[f]!;
  }
  e.asDefenderLine = defenderLine;
  listUnits(e);
  const afterCounter = s.overwatch === 0;
  if (cache.valid && pristine(e, cache, true)) {
    if (cache.noAssault) return NO_ASSAULT_START;
    loadCharge(e, cache);
    if (e.transports.any) disembarkAttackers(e);
    return cache.hasEngaged && afterCounter ? ENGAGED_START : MOVED_START;
  }
  placeUnits(e, attackerSide, defenderLine);
  const remember = pristine(e, cache, false);
  if (!charge(e, s)) {
    if (remember) saveCharge(e, cache, true);
    return NO_ASSAULT_START;
  }
  if (e.transports.any) disembarkAttackers(e);
  // Without overwatch nothing happens between the charge and the counter-charges.
  if (afterCounter) counterCharge(e, 1);
  if (remember) saveCharge(e, cache, false);
  moveAttackerFronts(e, defenderLine);
  if (!remember) return MOVED_START;
  if (afterCounter) markEngaged(e);
  saveChargedState(e, cache, afterCounter);
  return afterCounter ? ENGAGED_START : MOVED_START;
}

/**
 * The rounds (the first round's engaged units already marked if `engaged`),
 * then the result: each round the attacks, the stall and wipe-out
 * check, supporting fire and the result roll; a tie brings counter-charges
 * and another round, up to the round limit.
 */
function fightRounds(e: Engagement, engaged: boolean, rng: Sfc32): number {
  const attackerSide = e.asAttackerSide;
  const defenderLine = e.asDefenderLine;
  const firstStrike = e.asListFirstStrike;
  let outcome = NO_RESULT;
  let margin = 0;
  const maxRounds = e.optMaxAssaultRounds;
  for (let round = 1; round <= maxRounds; round++) {
    e.asRounds = round;
    if (round > 1 || !engaged) markEngaged(e);
    // IV. First strike, then everyone else; simultaneous within each phase (TP Resolve Attacks).
    if (firstStrike) fightPhase(e, PHASE_FIRST_STRIKE, rng);
    const ended = e.optAssaultEarlyResult ? fightThenSupport(e, round, attackerSide, defenderLine, rng) : fightBesideSupport(e, round, attackerSide, defenderLine, rng);
    if (ended >= 0) {
      outcome = ended;
      break;
    }
    // V. The result (RB 1.12.7): highest of 2D6 plus the modifiers.
    countSide(e, 0);
    countSide(e, 1);
    const scoreA = highestOf2D6(rng) + resultModifiers(e, 0);
    const difference = scoreA - (highestOf2D6(rng) + resultModifiers(e, 1));
    const winner = resultWinner(difference);
    if (winner >= 0) {
      outcome = winner;
      margin = difference > 0 ? difference : -difference;
      break;
    }
    // A tie: counter-charges, attacker first, then fight again; kills carry over.
    counterCharge(e, 0);
    counterCharge(e, 1);
  }
  if (outcome === ATTACKER_WINS || outcome === DEFENDER_WINS) applyResult(e, outcome === ATTACKER_WINS ? 1 : 0, margin, attackerSide, defenderLine, rng);
  return outcome;
}

/**
 * TP Resolve Attacks and Supporting Fire: the engaged units' main attacks, the stall and
 * wipe-out check, then supporting fire (round 1; every round under [A-17]) and the check
 * again. The outcome, or -1 to go on to the result roll.
 */
function fightThenSupport(e: Engagement, round: number, attackerSide: number, defenderLine: number, rng: Sfc32): number {
  fightPhase(e, PHASE_MAIN, rng);
  const afterFight = wipeOut(e, true);
  if (afterFight >= 0) return afterFight;
  if (round === 1 || e.optSupportEveryRound) supportingFire(e, attackerSide, defenderLine, rng);
  return wipeOut(e, false);
}

/**
 * The 2004 rulebook (RB 1.12.5-1.12.6): the main attacks and supporting fire together, their
 * casualties removed together; no stall, only a side wiped out ends the assault before the
 * result roll.
 */
function fightBesideSupport(e: Engagement, round: number, attackerSide: number, defenderLine: number, rng: Sfc32): number {
  if (round === 1 || e.optSupportEveryRound) fightWithSupport(e, attackerSide, defenderLine, rng);
  else fightPhase(e, PHASE_MAIN, rng);
  return wipeOut(e, false);
}

/** The checks after the fight (`afterFight`) and after supporting fire (resultRules.ts `wipeOut`): the outcome, or -1 if the assault goes on. */
function wipeOut(e: Engagement, afterFight: boolean): number {
  return wipeOutOutcome(sideAlive(e, 0), sideAlive(e, 1), afterFight ? engagedAlive(e, 0) : 0, afterFight);
}

function sideAlive(e: Engagement, side: number): number {
  let n = 0;
  for (let f = 0; f < e.nFormations; f++) {
    const r = e.fRole[f];
    if ((side === 0 && r === 1) || (side === 1 && r === 2)) n += e.fAlive[f]!;
  }
  return n;
}

/** Directly engaged units of a side still alive (the engaged ones are those in the allocation order). */
function engagedAlive(e: Engagement, side: number): number {
  let n = 0;
  const base = e.asOrderStart[side]!;
  const end = base + e.asOrderCount[side]!;
  for (let k = base; k < end; k++) if (e.stAlive[e.asOrder[k]!] === 1) n++;
  return n;
}
