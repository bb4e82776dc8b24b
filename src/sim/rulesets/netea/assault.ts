import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import { highestOf2D6 } from '../../dice/highestOf2D6.js';
import { rollDice } from '../../diceExpr.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { queueHit } from './allocate.js';
import { shoot } from './shoot.js';
import { DISEMBARK_RANGE, disembarkAttackers, placePassengers } from './transport/disembark.js';
import { ONLY_CONTACT, ONLY_NOT_CONTACT, resolveAssaultHits } from './assault/assaultHits.js';
import { applyResult, countSide, resultModifiers } from './assault/result.js';

/** Assault outcomes. */
export const NO_ASSAULT = 0;
export const ATTACKER_WINS = 1;
export const DEFENDER_WINS = 2;
/** Both sides wiped out at once ([A-31]), or still tied after the round limit. */
export const NO_RESULT = 3;

/** Attack phases. */
const PHASE_FIRST_STRIKE = 0;
const PHASE_MAIN = 1;

/** Who takes part in an assault, as bit masks over formations. */
export interface AssaultSetup {
  attackers: number;
  defenders: number;
  supporters: number;
  overwatch: number;
  /** Maximum attackers in base contact (engagement-model override), or -1. */
  contactLimit: number;
}

const inMask = (mask: number, f: number) => (mask & (1 << f)) !== 0;

let nextCacheId = 1;

/**
 * The charge and counter-charge moves depend only on who is alive and where
 * the formations stand. When every unit of the attacking and defending
 * formations is alive and the fronts are where they were, the outcome is the
 * same as last time: it is kept here, one cache per assault step, and copied
 * back instead of recomputed. Without overwatch the first round's directly
 * engaged units are the same too, and kept with it. The scratch arrays keep
 * the state after a cached start until something moves a unit
 * (`Engagement.asFreshCache`), so back-to-back assaults from the same
 * starting state copy nothing.
 */
export class ChargeCache {
  /** Identifies the cache in `Engagement.asFreshCache`. */
  readonly id = nextCacheId++;
  valid = false;
  noAssault = false;
  /** Formations that attacked and defended when the cache was filled (as bit masks). */
  attackers = 0;
  defenders = 0;
  /** Fronts before the assault (the key) and the attackers' fronts after the charge. */
  readonly front: Float64Array;
  readonly chargedFront: Float64Array;
  readonly pos: Float64Array;
  readonly contact: Int32Array;
  readonly forceFF: Uint8Array;
  /** The first round's directly engaged units and allocation order, when `hasEngaged`. */
  hasEngaged = false;
  readonly engaged: Uint8Array;
  readonly order: Int32Array;
  readonly orderCount: Int32Array;
  /** War engines among the attackers and defenders: their damage at the start counts for the result. */
  readonly warEngines: Int32Array;
  nWarEngines = 0;

  constructor(nFormations: number, nUnits: number) {
    this.front = new Float64Array(nFormations);
    this.chargedFront = new Float64Array(nFormations);
    this.pos = new Float64Array(nUnits);
    this.contact = new Int32Array(nUnits);
    this.forceFF = new Uint8Array(nUnits);
    this.engaged = new Uint8Array(nUnits);
    this.order = new Int32Array(2 * nUnits);
    this.orderCount = new Int32Array(2);
    this.warEngines = new Int32Array(nUnits);
  }
}

/** Every unit of the attacking and defending formations alive and still in its transport if it began there, fronts (and roles) as cached? */
function pristine(e: Engagement, cache: ChargeCache, compareFronts: boolean): boolean {
  if (compareFronts && (e.asAttackers !== cache.attackers || e.asDefenders !== cache.defenders)) return false;
  for (let f = 0; f < e.nFormations; f++) {
    const r = e.fRole[f];
    if (r !== 1 && r !== 2) continue;
    if (e.fAlive[f] !== e.fUnitEnd[f]! - e.fUnitStart[f]!) return false;
    if (e.transports.fEmbarked[f] !== e.transports.fStartEmbarked[f]) return false;
    if (compareFronts && e.fFront[f] !== cache.front[f]) return false;
  }
  return true;
}

/** Keeps the charge's outcome; the fronts are those before the charge. */
function saveCharge(e: Engagement, cache: ChargeCache, noAssault: boolean): void {
  cache.valid = true;
  cache.noAssault = noAssault;
  cache.hasEngaged = false;
  cache.attackers = e.asAttackers;
  cache.defenders = e.asDefenders;
  for (let f = 0; f < e.nFormations; f++) cache.front[f] = e.fFront[f]!;
  const end = e.asBound[2]!;
  cache.nWarEngines = 0;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    cache.pos[u] = e.asPos[u]!;
    cache.contact[u] = e.asContact[u]!;
    cache.forceFF[u] = e.asForceFF[u]!;
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) cache.warEngines[cache.nWarEngines++] = u;
  }
}

/** Keeps the attackers' fronts after the charge and, if given, the first round's engaged units (then the scratch holds the cached state). */
function saveChargedState(e: Engagement, cache: ChargeCache, withEngaged: boolean): void {
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === 1) cache.chargedFront[f] = e.fFront[f]!;
  if (!withEngaged) return;
  cache.hasEngaged = true;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) cache.engaged[e.asList[k]!] = e.asEngaged[e.asList[k]!]!;
  for (let side = 0; side < 2; side++) {
    const base = e.asOrderStart[side]!;
    const count = e.asOrderCount[side]!;
    cache.orderCount[side] = count;
    for (let k = 0; k < count; k++) cache.order[base + k] = e.asOrder[base + k]!;
  }
  e.asFreshCache = cache.id;
}

/**
 * The cached state after the charge: positions and contacts (unless the
 * scratch still holds them), the attackers' fronts, the war engines' damage
 * at the start. Every unit of the attacking and defending formations is alive.
 */
function loadCharge(e: Engagement, cache: ChargeCache): void {
  if (e.asFreshCache !== cache.id) {
    const end = e.asBound[2]!;
    for (let k = 0; k < end; k++) {
      const u = e.asList[k]!;
      e.asPos[u] = cache.pos[u]!;
      e.asContact[u] = cache.contact[u]!;
      e.asForceFF[u] = cache.forceFF[u]!;
      e.asStartAlive[u] = 1;
      e.asEngaged[u] = cache.engaged[u]!;
    }
    for (let side = 0; side < 2; side++) {
      const base = e.asOrderStart[side]!;
      const count = cache.orderCount[side]!;
      e.asOrderCount[side] = count;
      for (let k = 0; k < count; k++) e.asOrder[base + k] = cache.order[base + k]!;
    }
    setSideAttackProfiles(e);
    e.asFreshCache = cache.id;
  }
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === 1) e.fFront[f] = cache.chargedFront[f]!;
  for (let i = 0; i < cache.nWarEngines; i++) {
    const u = cache.warEngines[i]!;
    e.asStartDamage[u] = e.stDamageTaken[u]!;
  }
}

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

export function prefersFirefight(e: Engagement, u: number): boolean {
  const fl = e.uFlags[u]!;
  return (fl & C.U_SUPPORT_CRAFT) !== 0 || ((fl & C.U_SKIMMER) !== 0 && e.uFF[u]! < e.uCC[u]!);
}

/** How many enemies may be in base contact with u: two, or twice the starting DC of a war engine (RB 3.3.1). */
function contactCap(e: Engagement, u: number): number {
  return (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? 2 * e.uStartDC[u]! : 2;
}

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

/**
 * Distances to the nearest enemy for every unit in the assault, on the
 * one-dimensional axis: an attacker not in contact is as far as the nearest
 * living defender ahead of it; a defender not in contact as far as the
 * furthest-forward living attacker. O(units) per call.
 */
function computeDistances(e: Engagement): void {
  let nearestDefender = Infinity;
  let furthestAttacker = -Infinity;
  const list = e.asList;
  const mid = e.asBound[1]!;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = list[k]!;
    if (e.stAlive[u] === 0) continue;
    if (k >= mid) {
      if (e.asPos[u]! < nearestDefender) nearestDefender = e.asPos[u]!;
    } else if (e.asPos[u]! > furthestAttacker) furthestAttacker = e.asPos[u]!;
  }
  for (let k = 0; k < end; k++) {
    const u = list[k]!;
    if (e.asContact[u]! > 0) e.asDist[u] = 0;
    else if (k < mid) e.asDist[u] = Math.max(0, nearestDefender - e.asPos[u]!);
    else e.asDist[u] = Math.max(0, e.asPos[u]! - furthestAttacker);
  }
}

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
        if ((fl & (C.U_WAR_ENGINE | C.U_INSPIRING)) !== 0 || ((fl & C.U_GROT) !== 0 && e.fHasNonGrot[f] === 1)) e.asCountsByFormation[f] = 0;
        e.asList[n++] = u;
        if (role < 3) e.asSide[u] = role - 1;
        else setAttackProfile(e, u, true);
        if (e.uFirstStrike[u] === 1) e.asListFirstStrike = true;
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
    fightPhase(e, PHASE_MAIN, rng);
    const afterFight = wipeOut(e, true);
    if (afterFight >= 0) {
      outcome = afterFight;
      break;
    }
    // Supporting fire from other formations within 15 cm (TP: only now: every round).
    if (round === 1 || e.optSupportEveryRound) supportingFire(e, attackerSide, defenderLine, rng);
    const afterSupport = wipeOut(e, false);
    if (afterSupport >= 0) {
      outcome = afterSupport;
      break;
    }
    // V. The result (RB 1.12.7): highest of 2D6 plus the modifiers.
    countSide(e, 0);
    countSide(e, 1);
    const scoreA = highestOf2D6(rng) + resultModifiers(e, 0);
    const scoreD = highestOf2D6(rng) + resultModifiers(e, 1);
    if (scoreA !== scoreD) {
      outcome = scoreA > scoreD ? ATTACKER_WINS : DEFENDER_WINS;
      margin = scoreA > scoreD ? scoreA - scoreD : scoreD - scoreA;
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
 * II. The charge move (RB 1.12.3): one move (infiltrators twice, RB 2.1.4),
 * front units first; at most two chargers per defender, spread one each
 * first; units that would rather shoot stop outside the 5 cm zone of control.
 * Passengers get out at the end of their transport's move and charge from
 * there (transport/disembark.ts). False if no charger ends within 15 cm of
 * the target: then there is no assault.
 */
function charge(e: Engagement, s: AssaultSetup): boolean {
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
  for (let k = 0; k < aEnd; k++) if (e.stAlive[e.asList[k]!] === 1 && e.asDist[e.asList[k]!]! <= 15) within15 = true;
  // Without a charger within 15 cm of the target there is no assault (RB 1.12.3).
  return within15;
}

/** After the charge the attacking formations stand where their front units got to. */
function moveAttackerFronts(e: Engagement, defenderLine: number): void {
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
 * Counter-charges (RB 1.12.4) for assault side `side`: units not in base
 * contact move 5 cm (10 cm at speed 30+) towards the nearest enemy and make
 * contact if it is within reach and not already touching two of theirs; units
 * that would rather shoot close to firefight range. Units inside transports
 * stay in them (the defenders' passengers do not dismount to counter-charge:
 * a choice, RB 1.12.4 allows it).
 */
function counterCharge(e: Engagement, side: number): void {
  e.asFreshCache = 0;
  computeDistances(e);
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  const enemyFrom = side === 0 ? e.asBound[1]! : 0;
  const enemyTo = side === 0 ? e.asBound[2]! : e.asBound[1]!;
  for (let k = from; k < to; k++) {
    const u = e.asList[k]!;
    if (e.stAlive[u] === 0 || e.asContact[u]! > 0 || e.transports.stEmbarked[u] === 1) continue;
    const move = e.uSpeed[u]! >= 30 ? 10 : 5;
    // The closest enemy; among equally close ones, one with room for another unit in contact.
    let nearest = -1;
    let dist = Infinity;
    let room = false;
    for (let j = enemyFrom; j < enemyTo; j++) {
      const v = e.asList[j]!;
      if (e.stAlive[v] === 0) continue;
      const d = Math.abs(e.asPos[u]! - e.asPos[v]!);
      const free = e.asContact[v]! < contactCap(e, v);
      if (d < dist || (d === dist && free && !room)) {
        dist = d;
        nearest = v;
        room = free;
      }
    }
    if (nearest < 0) continue;
    if (wantsContact(e, u) && dist <= move && room) {
      makeContact(e, u, nearest);
    } else if (dist > 15) {
      const step = Math.min(move, dist - 5);
      if (step > 0) e.asPos[u]! += e.asPos[nearest]! > e.asPos[u]! ? step : -step;
    }
  }
}

/**
 * Directly engaged units (TP Resolve Attacks): within 15 cm of an enemy after
 * the moves, and not inside a transport (RB 1.7.5: they neither fight nor
 * take hits). Each side's engaged units are ordered for allocation: base
 * contact first, then the closest (RB 1.12.5).
 */
function markEngaged(e: Engagement): void {
  computeDistances(e);
  setSideAttackProfiles(e);
  e.asOrderCount[0] = 0;
  e.asOrderCount[1] = 0;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    const side = e.asSide[u]!;
    if (e.stAlive[u] === 0 || e.asDist[u]! > 15 || e.transports.stEmbarked[u] === 1) {
      e.asEngaged[u] = 0;
      continue;
    }
    e.asEngaged[u] = 1;
    const d = e.asDist[u]!;
    const base = e.asOrderStart[side]!;
    let slot = e.asOrderCount[side]!;
    e.asOrderCount[side] = slot + 1;
    while (slot > 0 && e.asDist[e.asOrder[base + slot - 1]!]! > d) {
      e.asOrder[base + slot] = e.asOrder[base + slot - 1]!;
      slot--;
    }
    e.asOrder[base + slot] = u;
  }
}

/**
 * The checks after the fight (`afterFight`) and after supporting fire: both
 * sides wiped out is no result; the defenders wiped out, the attacker wins;
 * after the fight the attackers lose when all their directly engaged units are
 * dead (TP stall or wipe-out), after the supporting fire when all are. -1 if
 * the assault goes on.
 */
function wipeOut(e: Engagement, afterFight: boolean): number {
  const attackers = sideAlive(e, 0);
  const defenders = sideAlive(e, 1);
  if (attackers === 0 && defenders === 0) return NO_RESULT;
  if (defenders === 0) return ATTACKER_WINS;
  if ((afterFight ? engagedAlive(e, 0) : attackers) === 0) return DEFENDER_WINS;
  return -1;
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

/** Queues one assault hit on the other side. */
function pushHit(e: Engagement, targetSide: number, mask: number, flags: number, line: number): void {
  e.hSide[queueHit(e, mask, Infinity, flags, -1, line)] = targetSide;
}

/**
 * What unit u attacks with (RB 1.12.5, 2.2.3, 3.3.2), as its base contact
 * stands: in base contact its CC value, otherwise its FF value (TP: units with
 * close-combat weapons only attack in base contact); a war engine rolls its
 * starting DC, its CC dice only at units in base contact and its FF dice only
 * at the others. Supporting units are never in contact.
 */
function setAttackProfile(e: Engagement, u: number, supporting: boolean): void {
  const fl = e.uFlags[u]!;
  const inContact = !supporting && e.asContact[u]! > 0 && e.asForceFF[u] === 0;
  // A disarmed war engine (criticals/) fights with the firefight value it has left, and no close combat value.
  const disarmed = e.stDisarmed[u]!;
  const cc = disarmed !== 0 ? C.NONE : e.uCC[u]!;
  const ff = disarmed !== 0 ? disarmed : e.uFF[u]!;
  const useCC = inContact && (cc <= ff || (fl & C.U_WAR_ENGINE) === 0);
  const warEngine = (fl & C.U_WAR_ENGINE) !== 0;
  e.asAtkValue[u] = !inContact && (fl & C.U_CC_ONLY) !== 0 ? C.NONE : useCC ? cc : ff;
  e.asAtkDice[u] = warEngine ? e.uStartDC[u]! : 1;
  e.asAtkFlags[u] = assaultHitFlags(useCC, supporting);
  e.asAtkMask[u] = C.ELIGIBLE_ANY_GROUND | (warEngine ? (useCC ? ONLY_CONTACT : ONLY_NOT_CONTACT) : 0);
}

/**
 * The flags of a unit's assault hits: every one is an assault hit (for armour
 * that counts in assaults, TP), close-combat hits ignore shields (RB 5.4.1),
 * and supporting fire is denied Knight Shields (TP Knight Technology).
 */
export function assaultHitFlags(useCC: boolean, supporting: boolean): number {
  return C.H_ASSAULT | (useCC ? C.H_CLOSE_COMBAT : 0) | (supporting ? C.H_SUPPORT : 0);
}

/** Attack profiles of every unit of both sides. */
function setSideAttackProfiles(e: Engagement): void {
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) setAttackProfile(e, e.asList[k]!, false);
}

/**
 * Rolls one unit's assault dice for a phase, by its attack profile: the base
 * dice, then extra attacks from assault weapons in close combat and small
 * arms in a firefight, with their macro-weapon or Titan Killer ability
 * (RB 2.2.3-2.2.6). No modifiers apply. First-strike attacks fall in the
 * first phase.
 */
function rollUnitAttacks(e: Engagement, u: number, phase: number, targetSide: number, rng: Sfc32): void {
  const value = e.asAtkValue[u]!;
  if (value >= C.NONE) return;
  const unitFirst = (e.uFlags[u]! & C.U_FIRST_STRIKE) !== 0;
  const mask = e.asAtkMask[u]!;
  const baseFlags = e.asAtkFlags[u]!;
  if (unitFirst === (phase === PHASE_FIRST_STRIKE)) {
    const dice = e.asAtkDice[u]!;
    for (let i = 0; i < dice; i++) if (d6(rng) >= value) pushHit(e, targetSide, mask, baseFlags, -1);
  }
  if (e.uExtraAttacks[u] === 0 || e.stDisarmed[u] !== 0) return;
  const useCC = (baseFlags & C.H_CLOSE_COMBAT) !== 0;
  const end = e.uLineEnd[u]!;
  for (let l = e.uLineStart[u]!; l < end; l++) {
    const kind = e.wKind[l]!;
    if (kind === C.KIND_RANGED || e.wExN[l]! + e.wExPlus[l]! === 0) continue;
    if ((kind === C.KIND_ASSAULT) !== useCC) continue;
    const first = unitFirst || (e.wFlags[l]! & C.W_FIRST_STRIKE) !== 0;
    if (first !== (phase === PHASE_FIRST_STRIKE)) continue;
    const extra = rollDice(rng, e.wExN[l]!, e.wExSides[l]!, e.wExPlus[l]!);
    const flags = baseFlags | e.wHitFlags[l]!;
    for (let i = 0; i < extra; i++) if (d6(rng) >= value) pushHit(e, targetSide, mask, flags, l);
  }
}

/** The assault side a supporting formation fires at: the one its table side opposes. */
export function supportTargetSide(e: Engagement, f: number): number {
  for (let g = 0; g < e.nFormations; g++) {
    if (e.fRole[g] === 1) return e.fSide[g] === e.fSide[f] ? 1 : 0;
  }
  return 1;
}

/** One phase of attacks by the engaged units of both sides, then allocation and saves. */
function fightPhase(e: Engagement, phase: number, rng: Sfc32): void {
  e.nHits = 0;
  e.nMacroHits = 0;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    if (e.stAlive[u] === 0 || e.asEngaged[u] === 0) continue;
    rollUnitAttacks(e, u, phase, 1 - e.asSide[u]!, rng);
  }
  resolveAssaultHits(e, rng);
}

/**
 * Supporting fire (RB 1.12.6; TP Supporting Fire): units of other formations
 * of either side, not broken, within 15 cm of an enemy unit directly engaged,
 * roll their firefight value (small-arms extra attacks too); units inside
 * transports do not (RB 1.7.5). Blast markers do not suppress it ([A-8]).
 * Hits go only to directly engaged units.
 */
function supportingFire(e: Engagement, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  e.nHits = 0;
  e.nMacroHits = 0;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 3 || e.fBroken[f] === 1) continue;
    const targetSide = supportTargetSide(e, f);
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 0 || (e.uFlags[u]! & C.U_CC_ONLY) !== 0 || e.transports.stEmbarked[u] === 1) continue;
      const pos = staticCoordinate(e, u, attackerSide, defenderLine);
      if (!withinOfSide(e, pos, e.fSide[f] === attackerSide ? 1 : 0, true)) continue;
      rollUnitAttacks(e, u, PHASE_MAIN, targetSide, rng);
      rollUnitAttacks(e, u, PHASE_FIRST_STRIKE, targetSide, rng);
    }
  }
  resolveAssaultHits(e, rng);
}

/** Is a point of the axis within 15 cm of a living unit of assault side `side` (directly engaged ones only, if asked)? */
export function withinOfSide(e: Engagement, pos: number, side: number, engagedOnly: boolean): boolean {
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  for (let k = from; k < to; k++) {
    const v = e.asList[k]!;
    if (e.stAlive[v] === 1 && (!engagedOnly || e.asEngaged[v] === 1) && Math.abs(pos - e.asPos[v]!) <= 15) return true;
  }
  return false;
}
