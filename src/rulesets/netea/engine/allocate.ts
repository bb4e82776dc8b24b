import type { Sfc32 } from '../../../sim/rng.js';
import { rollDice } from '../../../sim/diceExpr.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { damageWarEngine, destroyUnit } from './damage.js';
import { saveHit } from './saves/saveHit.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const H_MW = C.H_MW;
const H_SECOND_STAGE = C.H_SECOND_STAGE;
const H_SNIPER = C.H_SNIPER;
const H_TK = C.H_TK;
const U_AUTOMATON = C.U_AUTOMATON;
const U_FEARLESS = C.U_FEARLESS;
const U_WAR_ENGINE = C.U_WAR_ENGINE;

/**
 * Queues a hit in the attack's buffer and returns its index: `target` -1 leaves
 * it to allocation, a unit index places it (barrages); `line` -1 for hits with
 * no weapon line (base assault attacks, barrages). Macro-weapon hits are
 * counted so the second allocation stage runs only when needed.
 */
export function queueHit(e: Engagement, mask: number, reach: number, flags: number, target: number, line: number): number {
  const h = e.nHits++;
  e.hMask[h] = mask;
  e.hReach[h] = reach;
  e.hFlags[h] = flags;
  e.hTarget[h] = target;
  e.hDamage[h] = 1;
  e.hLine[h] = line;
  if ((flags & H_MW) !== 0) e.nMacroHits++;
  return h;
}

/**
 * Allocates hits [from, to) of the hit buffer to formation f, front to back,
 * one hit per eligible unit before any unit gets a second (RB 1.9.6). A war
 * engine takes hits in blocks of its starting damage capacity before the next
 * unit gets any (RB 3.2.1, FAQ: a Warhound pair taking 5 hits takes 3 + 2);
 * a damaged war engine still uses its starting DC ([A-6]).
 *
 * Eligible for a hit: living, not inside a transport (RB 1.7.5), of a class
 * the hit may affect (`hMask`), and no deeper in the formation than the
 * firing weapon reaches (`hReach`, [A-24]).
 * Only hits of the given stage are allocated: normal hits first, then macro-
 * weapon and Titan Killer hits among the survivors (RB 2.2.6: the MW
 * stage restarts the spread). A Titan Killer hit on a war engine rolls its
 * damage at once and counts as that many hits for the spread (TP). Sniper hits
 * are placed by the attacker, one per unit on the most valuable units in reach
 * (by points), and do not
 * count toward the spread ([A-15]). Hits with no eligible unit are lost
 * (`hTarget` = -1). Preassigned hits (barrages) are left as they are.
 */
export function allocateHitsFrontToBack(e: Engagement, f: number, from: number, to: number, macroStage: boolean, rng: Sfc32): void {
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  const embarked = e.transports.stEmbarked;
  const stamp = ++e.stamp;
  for (let h = from; h < to; h++) {
    const flags = e.hFlags[h]!;
    if (((flags & H_SECOND_STAGE) !== 0) !== macroStage || e.hTarget[h]! >= 0) continue;
    const mask = e.hMask[h]!;
    const reach = e.hReach[h]!;
    let best = -1;
    if ((flags & H_SNIPER) !== 0) {
      // The attacker spreads sniper hits over the most valuable units in reach.
      let bestSniped = 0x7fffffff;
      let bestPoints = -1;
      for (let k = start; k < end; k++) {
        const u = e.orderFront[k]!;
        if (e.stAlive[u] === 0 || embarked[u] === 1 || (e.uClass[u]! & mask) === 0 || e.uDepth[u]! > reach) continue;
        const sniped = e.scStamp[u] === stamp ? e.scSniped[u]! : 0;
        if (sniped < bestSniped || (sniped === bestSniped && e.uPoints[u]! > bestPoints)) {
          bestSniped = sniped;
          bestPoints = e.uPoints[u]!;
          best = u;
        }
      }
      e.hTarget[h] = best;
      if (best >= 0) {
        if (e.scStamp[best] !== stamp) stampUnit(e, best, stamp);
        e.scSniped[best]!++;
      }
      continue;
    }
    let bestLevel = 0x7fffffff;
    for (let k = start; k < end; k++) {
      const u = e.orderFront[k]!;
      if (e.stAlive[u] === 0 || embarked[u] === 1 || (e.uClass[u]! & mask) === 0 || e.uDepth[u]! > reach) continue;
      if (e.scStamp[u] !== stamp) {
        best = u;
        break;
      }
      const level = (e.scLoad[u]! / e.stStartDC[u]!) | 0;
      if (level < bestLevel) {
        bestLevel = level;
        best = u;
        if (level === 0) break;
      }
    }
    assignHit(e, h, best, stamp, rng);
  }
}

/**
 * Gives hit h to unit u (or loses it, u = -1) and counts it toward u's share
 * of the spread: a Titan Killer hit on a war engine rolls its damage now and
 * counts as that many hits (TP Titan Killer Weapons; in the 2004 rulebook, as one).
 */
export function assignHit(e: Engagement, h: number, u: number, stamp: number, rng: Sfc32): void {
  e.hTarget[h] = u;
  if (u < 0) return;
  if (e.scStamp[u] !== stamp) stampUnit(e, u, stamp);
  const line = e.hLine[h]!;
  if ((e.hFlags[h]! & H_TK) !== 0 && (e.uFlags[u]! & U_WAR_ENGINE) !== 0 && line >= 0) {
    const dmg = rollDice(rng, e.wTkN[line]!, e.wTkSides[line]!, e.wTkPlus[line]!);
    e.hDamage[h] = dmg;
    e.scLoad[u]! += e.optTkDamageAtAllocation ? dmg : 1;
  } else {
    e.hDamage[h] = 1;
    e.scLoad[u]!++;
  }
}

/** First hit of this allocation on unit u: its counters start from zero. */
export function stampUnit(e: Engagement, u: number, stamp: number): void {
  e.scStamp[u] = stamp;
  e.scLoad[u] = 0;
  e.scSniped[u] = 0;
}

/**
 * Hits that allow no save and no BM: Blast markers on a broken formation
 * (RB 1.13.4), the extra hits for losing an assault (RB 1.12.8). Allocated
 * front to back and spread like shooting hits, war engines in DC blocks;
 * fearless units are immune and the hits go to the others (RB 2.1.3). A war
 * engine takes a point of damage per hit with a critical roll (RB 3.2.4),
 * shields do not stop it. Units inside transports take none (RB 1.7.5);
 * automatons save them (TP Automaton).
 * `eligible` limits the units (assault: directly engaged only, [A-39]); null
 * means every unit.
 */
export function applyNoSaveHits(e: Engagement, f: number, hits: number, eligible: Uint8Array | null, rng: Sfc32): void {
  if (hits <= 0) return;
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  for (let u = start; u < end; u++) e.scLoad[u] = 0;
  for (let i = 0; i < hits; i++) {
    let best = -1;
    let bestLevel = 0x7fffffff;
    for (let k = start; k < end; k++) {
      const u = e.orderFront[k]!;
      if (e.stAlive[u] === 0 || (e.uFlags[u]! & U_FEARLESS) !== 0 || e.transports.stEmbarked[u] === 1) continue;
      if (eligible !== null && eligible[u] === 0) continue;
      const level = (e.scLoad[u]! / e.stStartDC[u]!) | 0;
      if (level < bestLevel) {
        bestLevel = level;
        best = u;
        if (level === 0) break;
      }
    }
    if (best < 0) break;
    e.scLoad[best]!++;
  }
  for (let k = start; k < end; k++) {
    const u = e.orderFront[k]!;
    const n = e.scLoad[u]!;
    if (n === 0 || e.stAlive[u] === 0) continue;
    if ((e.uFlags[u]! & U_AUTOMATON) !== 0) savedNoSaveHits(e, u, n, rng);
    else if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0) damageWarEngine(e, u, n, true, 0, rng);
    else destroyUnit(e, u, true, false, 0, rng);
  }
}

/**
 * TP Automaton: "If a hit is inflicted on an automaton unit because it is in
 * a broken formation which is receiving a Blast marker then it may attempt to
 * save normally." Each of the n hits is saved by the save stack.
 */
function savedNoSaveHits(e: Engagement, u: number, n: number, rng: Sfc32): void {
  for (let i = 0; i < n && e.stAlive[u] === 1; i++) {
    if (saveHit(e, u, 0, false, false, rng)) continue;
    if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0) damageWarEngine(e, u, 1, true, 0, rng);
    else destroyUnit(e, u, true, false, 0, rng);
  }
}
