import type { Sfc32 } from '../../../sim/rng.js';
import { rollToHit } from '../../../sim/dice/rollToHit.js';
import { toHitProbability } from '../../../sim/dice/toHitProbability.js';
import { rollDice } from '../../../sim/diceExpr.js';
import { countsAsInCover } from './saves/shadowfields.js';
import { guidedMayFire, isMarked, MARKED_MODIFIER } from './markerlights.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { pinPointMask } from './engagement/weaponLines.js';
import * as choices from './engagement/packedChoice.js';
import { allocateHitsFrontToBack, applyNoSaveHits, queueHit } from './allocate.js';
import { checkBreak, crossfireBlastMarkers, flushPendingBlastMarkers, UNDER_FIRE_BLAST_MARKERS } from './blastMarkers.js';
import { disruptPlacesNoBlastMarker, resolveHit } from './damage.js';
import { barrageAp, barrageAt, barrageExtraBm, barrageExtraTemplates } from './barrageTable.js';
import { damageOnMisses } from './criticals/damageOnMiss.js';
import { lineShots } from './lineShots.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const ACTION_DOUBLE = C.ACTION_DOUBLE;
const ACTION_MARSHAL = C.ACTION_MARSHAL;
const ACTION_SUSTAINED = C.ACTION_SUSTAINED;
const CLASS_AIR = C.CLASS_AIR;
const CLASS_INF = C.CLASS_INF;
const CLASS_LV = C.CLASS_LV;
const CLASS_WE = C.CLASS_WE;
const ELIGIBLE_ANY_GROUND = C.ELIGIBLE_ANY_GROUND;
const ELIGIBLE_AP = C.ELIGIBLE_AP;
const ELIGIBLE_AT = C.ELIGIBLE_AT;
const H_DISRUPT = C.H_DISRUPT;
const H_IGNORE_COVER = C.H_IGNORE_COVER;
const H_MW = C.H_MW;
const H_SECOND_STAGE = C.H_SECOND_STAGE;
const KIND_RANGED = C.KIND_RANGED;
const NONE = C.NONE;
const U_SPACECRAFT = C.U_SPACECRAFT;
const U_WAR_ENGINE = C.U_WAR_ENGINE;
const W_CARRIAGE = C.W_CARRIAGE;
const W_DISRUPT = C.W_DISRUPT;
const W_IGNORE_COVER = C.W_IGNORE_COVER;
const W_INDIRECT = C.W_INDIRECT;
const W_LIMITED_USE = C.W_LIMITED_USE;
const W_MACRO = C.W_MACRO;
const W_MISS_DAMAGE = C.W_MISS_DAMAGE;
const W_REAR_ARC = C.W_REAR_ARC;
const W_SINGLE_SHOT = C.W_SINGLE_SHOT;
const W_SLOW_FIRING = C.W_SLOW_FIRING;

// The choice's packing as module constants too.
const packChoice = choices.packChoice;
const choiceLine = choices.choiceLine;
const choiceFp = choices.choiceFp;
const choiceMask = choices.choiceMask;
const CHOOSE_PER_ATTACK = choices.CHOOSE_PER_ATTACK;
const NOTHING_TO_FIRE = choices.NOTHING_TO_FIRE;

/** Firepower types: which value of a weapon mode a shot uses (RB 1.9.5). */
export const FP_AP = 1;
export const FP_AT = 2;
export const FP_MW = 3;

/** To-hit modifier of an action, as a change to the number needed (RB 1.9.5). */
export function actionToHitModifier(action: number): number {
  if (action === ACTION_DOUBLE || action === ACTION_MARSHAL) return 1;
  if (action === ACTION_SUSTAINED) return -1;
  return 0;
}

/** Can weapon line l fire this turn (single shot unused, slow firing reloaded, arc facing the enemy)? */
export function lineReady(e: Engagement, l: number): boolean {
  const fl = e.wFlags[l]!;
  if (e.wKind[l] !== KIND_RANGED || (fl & W_REAR_ARC) !== 0) return false;
  if ((fl & W_SINGLE_SHOT) !== 0 && e.stSingleShotUsed[l] === 1) return false;
  // TP Land Train: a carriage's weapons go with it (criticals/carriages.ts).
  if ((fl & W_CARRIAGE) !== 0 && e.carriages.stLineLost[l] === 1) return false;
  if ((fl & W_SLOW_FIRING) !== 0 && e.stLastFired[l] === e.turn - 1) return false;
  return e.wAP[l]! < NONE || e.wAT[l]! < NONE || e.wMW[l]! < NONE || e.wBpN[l]! + e.wBpPlus[l]! > 0;
}

/**
 * Range of line l in this attack: indirect barrages on sustained fire double
 * it, with a 30 cm minimum (RB 1.9.8); -1 when the target is too close for it.
 */
export function lineRange(e: Engagement, l: number, sustained: boolean, distance: number): number {
  const r = e.wRange[l]!;
  if (sustained && distance > r && (e.wFlags[l]! & W_INDIRECT) !== 0 && e.wBpN[l]! + e.wBpPlus[l]! > 0) {
    return distance >= 30 ? 2 * r : -1;
  }
  return r;
}

/** Could unit u fire at a target `distance` away (a ready weapon in range, RB 1.9.2)? */
function canFire(e: Engagement, u: number, sustained: boolean, distance: number, marked: boolean): boolean {
  if (e.stDisarmed[u] !== 0) return false;
  if (e.uLimited[u] === 0) {
    if (e.uMaxRange[u]! >= distance) return true;
    // A boolean whatever `sustained` holds, so that the optimised caller tests it without converting.
    if (!sustained || distance < 30) return false;
    return e.uMaxIndirectRange[u]! >= distance;
  }
  const end = e.uLineEnd[u]!;
  for (let l = e.uLineStart[u]!; l < end; l++) {
    if (lineReady(e, l) && guidedMayFire(e, l, marked) && lineRange(e, l, sustained, distance) >= distance) return true;
  }
  return false;
}

/**
 * Expected effect of one shot needing `t` at mask `mask`: P(hit) times the
 * chance the nearest eligible unit in reach fails its save (a war engine
 * counts per point of its starting DC). Used when no firepower choice is best
 * against every unit of the target and the attacker picks per attack.
 */
function shotValue(e: Engagement, at: number, mask: number, reach: number, titanKiller: boolean, macro: boolean, tkMean: number, t: number): number {
  const end = e.fUnitEnd[at]!;
  for (let k = e.fUnitStart[at]!; k < end; k++) {
    const u = e.orderFront[k]!;
    if (e.stAlive[u] === 0 || e.transports.stEmbarked[u] === 1 || (e.uClass[u]! & mask) === 0 || e.uDepth[u]! > reach) continue;
    const fail = titanKiller ? e.uFailTK[u]! : macro ? e.uFailMacro[u]! : e.uFailNormal[u]!;
    const perUnit = (e.uFlags[u]! & U_WAR_ENGINE) !== 0 ? (titanKiller ? tkMean : 1) / e.uStartDC[u]! : 1;
    return toHitProbability(t) * fail * perUnit;
  }
  return 0;
}

/**
 * Marks in `scCanFire` the units of formation `by` that fire in this attack
 * and returns how many: living units with a ready weapon in range of the
 * target's nearest unit (`reachTo` cm beyond their formation's front rank,
 * RB 1.9.2), not inside a transport (RB 1.7.5), less those suppressed. Each Blast marker stops one such unit,
 * furthest first; TSKNF units take two, war engines their starting DC
 * ([A-7] for partial budgets).
 */
export function markShooters(e: Engagement, by: number, reachTo: number, sustained: boolean, marked: boolean): number {
  const fStart = e.fUnitStart[by]!;
  const fEnd = e.fUnitEnd[by]!;
  // The arrays in locals: read through `e` in the loop, each would be loaded and checked again for every unit.
  const alive = e.stAlive;
  const embarked = e.transports.stEmbarked;
  const depth = e.uDepth;
  const canFireNow = e.scCanFire;
  let shooters = 0;
  for (let u = fStart; u < fEnd; u++) {
    if (alive[u] === 1 && embarked[u] === 0 && canFire(e, u, sustained, reachTo + depth[u]!, marked)) {
      canFireNow[u] = 1;
      shooters++;
    } else {
      canFireNow[u] = 0;
    }
  }
  return suppressShooters(e, by, shooters);
}

/**
 * Suppression (RB 1.9.2): of the units marked in `scCanFire`, each Blast
 * marker stops one, furthest first; TSKNF units take two, war engines their
 * starting DC ([A-7] for partial budgets). Aircraft and spacecraft are never
 * suppressed (RB 4.1.2). Returns how many still fire.
 */
export function suppressShooters(e: Engagement, by: number, shooters: number): number {
  const fStart = e.fUnitStart[by]!;
  const fEnd = e.fUnitEnd[by]!;
  let budget = e.air.fAerospace[by] === 1 ? 0 : e.fBm[by]!;
  for (let k = fStart; k < fEnd && budget > 0; k++) {
    const u = e.orderBack[k]!;
    if (e.scCanFire[u] === 0) continue;
    const cost = e.stBreakWeight[u]!;
    if (budget >= cost) {
      budget -= cost;
      e.scCanFire[u] = 0;
      shooters--;
    } else if ((e.uFlags[u]! & U_WAR_ENGINE) === 0 || !e.optSuppressSkipWarEngines) {
      break;
    }
  }
  return shooters;
}

/**
 * The attacker's firepower for weapon group g of unit u when no option is
 * best against every target unit: the mode, firepower and target mask whose
 * shot is worth most against the units standing now ([A-33]), packed
 * (`packChoice`); -1 when the group has nothing that can hurt the target.
 */
export function chooseFirepower(e: Engagement, at: number, u: number, g: number, gap: number, distance: number, modifier: number, penalty: number, coverTaken: boolean, mixed: boolean, sustained: boolean): number {
  let line = -1;
  let fp = 0;
  let mask = 0;
  let best = 0;
  const lEnd = e.gLineEnd[g]!;
  for (let m = e.gLineStart[g]!; m < lEnd; m++) {
    if (!lineReady(e, m) || e.wBpN[m]! + e.wBpPlus[m]! > 0) continue;
    const range = lineRange(e, m, sustained, distance);
    if (range < distance) continue;
    const reach = range - gap - e.uDepth[u]!;
    const fl = e.wFlags[m]!;
    const titanKiller = e.wTkN[m]! + e.wTkPlus[m]! > 0;
    for (let f = FP_AP; f <= FP_MW; f++) {
      const value = f === FP_AP ? e.wAP[m]! : f === FP_AT ? e.wAT[m]! : e.wMW[m]!;
      if (value >= NONE) continue;
      const base = pinPointMask(fl, f === FP_AP ? ELIGIBLE_AP : f === FP_AT ? ELIGIBLE_AT : ELIGIBLE_ANY_GROUND);
      const t = value + modifier + penalty + (coverTaken && (fl & W_IGNORE_COVER) === 0 ? 1 : 0);
      for (let grp = 0; grp < (mixed ? 2 : 1); grp++) {
        const mk = mixed ? (grp === 0 ? base & CLASS_WE : base & ~CLASS_WE) : base;
        if (mk === 0) continue;
        const score = shotValue(e, at, mk, reach, titanKiller, (fl & W_MACRO) !== 0 || f === FP_MW, e.wTkMean[m]!, t);
        if (score > best) {
          best = score;
          line = m;
          fp = f;
          mask = mk;
        }
      }
    }
  }
  return line < 0 ? -1 : packChoice(line, fp, mask);
}

/**
 * chooseFirepower for a unit, shared, when its weapons are always ready, within
 * one attack by the units carrying the same weapons at the same distance and
 * to-hit penalty: the target does not change until the hits are allocated,
 * so their choices are the same. Against a target nothing has hurt yet the
 * choice is also kept from trial to trial (a pure function of the same
 * inputs: the numbers do not change). The stored choice's line is moved to
 * this unit's group.
 */
function sharedChoice(e: Engagement, at: number, u: number, g: number, gap: number, distance: number, modifier: number, penalty: number, coverTaken: boolean, mixed: boolean, sustained: boolean, limited: boolean): number {
  // Single-shot and slow-firing weapons are ready or not unit by unit: their choice is the unit's own.
  if (limited) return chooseFirepower(e, at, u, g, gap, distance, modifier, penalty, coverTaken, mixed, sustained);
  const m = e.memo;
  const c = m.gCanon[g]!;
  if (e.fAlive[at] === e.fUnitEnd[at]! - e.fUnitStart[at]! && !e.transports.any) {
    // The whole target, as every trial finds it before anything has hurt it: one choice serves them all.
    const key = (penalty + 16) * 64 + (modifier + 8) * 2 + (sustained ? 1 : 0);
    if (m.wholeAt[c] !== at || m.wholeGap[c] !== gap || m.wholeDistance[c] !== distance || m.wholeKey[c] !== key) {
      m.wholeAt[c] = at;
      m.wholeGap[c] = gap;
      m.wholeDistance[c] = distance;
      m.wholeKey[c] = key;
      m.wholeChoice[c] = chooseFirepower(e, at, u, c, gap, distance, modifier, penalty, coverTaken, mixed, sustained);
    }
    return moveChoice(e, m.wholeChoice[c]!, c, g);
  }
  if (m.choiceStamp[c] !== m.stamp || m.choiceDistance[c] !== distance || m.choicePenalty[c] !== penalty) {
    m.choiceStamp[c] = m.stamp;
    m.choiceDistance[c] = distance;
    m.choicePenalty[c] = penalty;
    m.choice[c] = chooseFirepower(e, at, u, c, gap, distance, modifier, penalty, coverTaken, mixed, sustained);
  }
  return moveChoice(e, m.choice[c]!, c, g);
}

/** A choice made for canonical group c, its line moved to the same weapon of group g. */
function moveChoice(e: Engagement, choice: number, c: number, g: number): number {
  if (choice < 0 || c === g) return choice;
  return packChoice(choiceLine(choice) - e.gLineStart[c]! + e.gLineStart[g]!, choiceFp(choice), choiceMask(choice));
}

/**
 * One shooting attack by formation `by` at formation `at` (RB 1.9; TP Shooting):
 * suppression, the Blast marker for coming under fire, to-hit rolls, the two
 * allocation stages with saves, casualty Blast markers, then the break test
 * after the whole attack. Returns false if no unit could fire (no BM placed).
 */
export function shoot(e: Engagement, by: number, at: number, action: number, crossfire: boolean, useBarrage: boolean, rng: Sfc32): boolean {
  if (e.fBroken[by] === 1 || e.fAlive[by] === 0 || e.fAlive[at] === 0) return false;
  const targetDepth = e.fMinDepth[at]!;
  const gap = e.fFront[by]! + e.fFront[at]!;
  const sustained = action === ACTION_SUSTAINED;
  const fStart = e.fUnitStart[by]!;
  const fEnd = e.fUnitEnd[by]!;

  const marked = e.anyMarkerlights && isMarked(e, by, at);
  const shooters = markShooters(e, by, gap + targetDepth, sustained, marked);
  if (shooters === 0) return false;

  e.atkTarget = at;
  e.atkNonExpendableKills = 0;

  // I. Coming under fire (RB 1.9.3). On a broken target the BM is a no-save hit,
  // resolved before the attack's own hits ([A-27]); TSKNF needs two, so it waits.
  if (e.fBroken[at] === 1 && e.fTsknf[at] === 0) applyNoSaveHits(e, at, UNDER_FIRE_BLAST_MARKERS, null, rng);
  else e.fPendingBm[at]! += UNDER_FIRE_BLAST_MARKERS;

  // The attacker takes the cover modifier if any target unit is in cover, so
  // every unit stays a valid target ([A-13]).
  let coverTaken = e.fCover[at] === 1;
  let mixed = e.fMixed[at] === 1;
  if (e.fCover[at] === -1 || mixed) {
    coverTaken = false;
    let hasWE = false;
    let hasOther = false;
    const tEnd = e.fUnitEnd[at]!;
    for (let u = e.fUnitStart[at]!; u < tEnd; u++) {
      if (e.stAlive[u] === 0 || e.transports.stEmbarked[u] === 1) continue;
      if (countsAsInCover(e, u)) coverTaken = true;
      if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0) hasWE = true;
      else hasOther = true;
    }
    mixed = hasWE && hasOther;
  }
  const modifier = actionToHitModifier(action) + (marked ? MARKED_MODIFIER : 0);
  e.memo.stamp++;

  // II. To hit. One mode per weapon; barrage modes join the formation's barrage.
  e.nHits = 0;
  e.nMacroHits = 0;
  let bpLines = 0;
  let bpAllMacro = true;
  let bpAllIgnoreCover = true;
  let bpAllDisrupt = true;
  let bpReach = Infinity;
  let bpTotal = 0;
  const nF = e.nFormations;
  // The arrays the loops read in locals: read through `e`, each would be loaded and checked again for every unit and group.
  const canFireNow = e.scCanFire;
  const depth = e.uDepth;
  const toHitPenalty = e.stToHitPenalty;
  const limitedUnit = e.uLimited;
  const groupStart = e.uGroupStart;
  const groupEnd = e.uGroupEnd;
  const barrageLine = e.gBarrageLine;
  const groupChoice = e.choice;
  const lineRangeCm = e.wRange;
  const choiceMixed = e.fMixed[at] === 1;
  for (let u = fStart; u < fEnd; u++) {
    if (canFireNow[u] === 0) continue;
    const distance = gap + depth[u]! + targetDepth;
    const penalty = toHitPenalty[u]!;
    const limited = limitedUnit[u] === 1;
    const gEnd = groupEnd[u]!;
    for (let g = groupStart[u]!; g < gEnd; g++) {
      const bl = barrageLine[g]!;
      if (useBarrage && bl >= 0 && lineReady(e, bl) && lineRange(e, bl, sustained, distance) >= distance) {
        const bfl = e.wFlags[bl]!;
        bpLines++;
        bpTotal += rollDice(rng, e.wBpN[bl]!, e.wBpSides[bl]!, e.wBpPlus[bl]!);
        if ((bfl & W_MACRO) === 0) bpAllMacro = false;
        if ((bfl & W_IGNORE_COVER) === 0) bpAllIgnoreCover = false;
        if ((bfl & W_DISRUPT) === 0) bpAllDisrupt = false;
        const reach = lineRange(e, bl, sustained, distance) - gap - e.uDepth[u]!;
        if (reach < bpReach) bpReach = reach;
        markFired(e, bl);
        continue;
      }
      let choice = groupChoice[g * nF + at]!;
      if (choice === NOTHING_TO_FIRE) continue;
      if (choice === CHOOSE_PER_ATTACK || mixed !== choiceMixed) {
        choice = sharedChoice(e, at, u, g, gap, distance, modifier, penalty, coverTaken, mixed, sustained, limited);
        if (choice < 0) continue;
      } else if (limited && (!lineReady(e, choiceLine(choice)) || lineRange(e, choiceLine(choice), sustained, distance) < distance)) {
        continue;
      } else if (lineRangeCm[choiceLine(choice)]! < distance) {
        continue;
      }
      if (!guidedMayFire(e, choiceLine(choice), marked)) continue;
      fireLine(e, choice, gap, u, modifier, coverTaken, sustained, distance, penalty, rng);
    }
  }
  const directHits = e.nHits;
  let barrageBm = 0;
  if (bpLines > 0) barrageBm = fireBarrage(e, at, templateUnitsOf(e, by), bpTotal, bpAllMacro, bpAllIgnoreCover, bpAllDisrupt, bpReach, modifier, rng);

  // III. Allocate and save: normal hits, then macro-weapon and Titan Killer hits among the survivors.
  allocateHitsFrontToBack(e, at, 0, directHits, false, rng);
  resolveStage(e, 0, e.nHits, false, crossfire, rng);
  if (e.nMacroHits > 0) {
    allocateHitsFrontToBack(e, at, 0, directHits, true, rng);
    resolveStage(e, 0, e.nHits, true, crossfire, rng);
  }

  // IV. Casualty Blast markers, crossfire's extra marker ([A-12]), barrage extras.
  e.fPendingBm[at]! += crossfireBlastMarkers(crossfire, e.atkNonExpendableKills);
  e.fPendingBm[at]! += barrageBm;
  e.atkTarget = -1;
  flushPendingBlastMarkers(e, rng);
  for (let f = 0; f < nF; f++) checkBreak(e, f, rng);
  return true;
}

/** RB 4.3.3: orbital bombardments use 12 cm templates, which cover more units than the 7.5 cm barrage template. */
function templateUnitsOf(e: Engagement, by: number): number {
  return (e.uFlags[e.fUnitStart[by]!]! & U_SPACECRAFT) !== 0 ? e.optOrbitalTemplateUnits : e.optTemplateUnits;
}

export function markFired(e: Engagement, l: number): void {
  // Only single-shot and slow-firing lines read it (lineReady, aaLineReady).
  if ((e.wFlags[l]! & W_LIMITED_USE) === 0) return;
  e.stSingleShotUsed[l] = 1;
  e.stLastFired[l] = e.turn;
}

/** Rolls the shots of the weapon line a firepower choice (`packChoice`) names and queues the hits. */
function fireLine(e: Engagement, choice: number, gap: number, u: number, modifier: number, coverTaken: boolean, sustained: boolean, distance: number, penalty: number, rng: Sfc32): void {
  const l = choiceLine(choice);
  const fp = choiceFp(choice);
  const mask = choiceMask(choice);
  markFired(e, l);
  const fl = e.wFlags[l]!;
  const value = fp === FP_AP ? e.wAP[l]! : fp === FP_AT ? e.wAT[l]! : e.wMW[l]!;
  const t = value + modifier + penalty + (coverTaken && (fl & W_IGNORE_COVER) === 0 ? 1 : 0);
  let shots = e.wFixedShots[l]!;
  if (shots < 0) shots = lineShots(rng, e.wShotsN[l]!, e.wShotsSides[l]!, e.wShotsPlus[l]!, e.wShotsTimes[l]!, e.wExN[l]!, e.wExSides[l]!, e.wExPlus[l]!);
  const hitFlags = fp === FP_MW ? e.wHitFlags[l]! | H_MW : e.wHitFlags[l]!;
  const reach = lineRange(e, l, sustained, distance) - gap - e.uDepth[u]!;
  let misses = 0;
  for (let s = 0; s < shots; s++) {
    if (!rollToHit(rng, t)) {
      misses++;
      continue;
    }
    queueHit(e, mask, reach, hitFlags, -1, l);
  }
  // TP Cyclops: after its first critical each miss of its Hellfury Cannon costs it damage.
  if ((fl & W_MISS_DAMAGE) !== 0 && misses > 0) damageOnMisses(e, u, misses, rng);
}

/**
 * A barrage (RB 1.9.8, TP table): the BP of every weapon in it sum to one row
 * of the table; templates cover `templateUnits` units each, front to back
 * within reach; each unit under them is attacked once with the AP value
 * (infantry and light vehicles, [A-14]) or the AT value, a war engine under a
 * template's centre ceil(DC/2) times; units inside transports are not
 * attacked (RB 1.7.5). Hits are not spread: each goes to the unit attacked. The barrage is MW, ignores cover or disrupts only if every
 * weapon in it does. Returns the extra Blast markers.
 */
function fireBarrage(e: Engagement, at: number, templateUnits: number, bp: number, macro: boolean, ignoreCover: boolean, disrupt: boolean, reach: number, modifier: number, rng: Sfc32): number {
  const templates = 1 + barrageExtraTemplates(bp);
  const apValue = barrageAp(bp);
  const atValue = barrageAt(bp, e.optBarrage3bpAt);
  const capacity = templates * templateUnits;
  let hitFlags = 0;
  if (macro) hitFlags |= H_MW;
  if (ignoreCover) hitFlags |= H_IGNORE_COVER;
  if (disrupt) hitFlags |= H_DISRUPT;
  let attacked = 0;
  let centred = 0;
  const end = e.fUnitEnd[at]!;
  for (let k = e.fUnitStart[at]!; k < end && attacked < capacity; k++) {
    const u = e.orderFront[k]!;
    if (e.stAlive[u] === 0 || e.transports.stEmbarked[u] === 1 || e.uDepth[u]! > reach || e.uClass[u] === CLASS_AIR) continue;
    attacked++;
    let attacks = 1;
    if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0 && centred < templates) {
      attacks = (e.stStartDC[u]! + 1) >> 1;
      centred++;
    }
    const value = (e.uClass[u]! & (CLASS_INF | CLASS_LV)) !== 0 ? apValue : atValue;
    const t = value + modifier + (countsAsInCover(e, u) && !ignoreCover ? 1 : 0);
    for (let a = 0; a < attacks; a++) {
      if (!rollToHit(rng, t)) continue;
      queueHit(e, ELIGIBLE_ANY_GROUND, reach, hitFlags, u, -1);
    }
  }
  return barrageExtraBm(bp);
}

/** Saves for one stage's allocated hits, in allocation order; disrupt hits place their BM here (RB 2.2.2). */
export function resolveStage(e: Engagement, from: number, to: number, macroStage: boolean, crossfire: boolean, rng: Sfc32): void {
  for (let h = from; h < to; h++) {
    const flags = e.hFlags[h]!;
    if (((flags & H_SECOND_STAGE) !== 0) !== macroStage) continue;
    const u = e.hTarget[h]!;
    if (u < 0) continue;
    if ((flags & H_DISRUPT) !== 0 && !disruptPlacesNoBlastMarker(e, u)) e.fPendingBm[e.uFormation[u]!]!++;
    resolveHit(e, u, flags, e.hDamage[h]!, crossfire, false, rng);
  }
}
