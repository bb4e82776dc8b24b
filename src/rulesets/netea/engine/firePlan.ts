import type { Sfc32 } from '../../../sim/rng.js';
import { guidedMayFire, isMarked, MARKED_MODIFIER } from './markerlights.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { distanceToNearestEnemy } from './geometry.js';
import { CHOOSE_PER_ATTACK, choiceFp, choiceLine, choiceMask, NOTHING_TO_FIRE } from './engagement/packedChoice.js';
import { endsWithdrawalInReach, reachesBreakPoint, withdraws } from './breaking.js';
import { placesNoBlastMarker } from './damage.js';
import { saveCode } from './saves/saveStack.js';
import { actionToHitModifier, chooseFirepower, FP_AP, FP_AT, FP_MW, lineRange, lineReady, markShooters } from './shoot.js';
import { runRoundRobin } from './firePlan/roundRobin.js';
import { runAllocated } from './firePlan/allocated.js';
import { FirePlan, type PlannedKind, type PlannedLine } from './firePlan/plan.js';

/** Hit flags the plan resolves itself; any other (MW, TK, sniper, disrupt) sends the attack to `shoot`. */
const PLAN_HIT_FLAGS = C.H_IGNORE_COVER | C.H_LANCE;

/** Where a formation's record block starts in the tally, per formation (killed histogram first). */
export type RecordOffsets = (f: number) => number;

/**
 * Compiles the attack `shoot(e, by, at, action, crossfire, useBarrage)` would
 * make from the engagement's current state, which must be the trial's
 * starting state. Returns the plan, or why the general path must run.
 */
export function compileFirePlan(e: Engagement, by: number, at: number, action: number, crossfire: boolean, useBarrage: boolean, recordOffset: RecordOffsets): FirePlan | string {
  if (action === C.ACTION_MARSHAL) return 'a marshal action regroups after shooting';
  // Passengers get out of a destroyed transport mid-attack (damage.ts killPassengers): the general path's.
  if (e.transports.any) return 'units embarked';
  if (e.fBroken[by] === 1 || e.fAlive[by] === 0) return 'the shooting formation is broken or empty';
  if (e.fBroken[at] === 1) return 'the target is broken (its Blast markers become hits)';
  for (let u = 0; u < e.nUnits; u++) {
    if (e.uPfN[u]! + e.uPfPlus[u]! > 0) return 'power fields are rolled every trial';
  }
  const tStart = e.fUnitStart[at]!;
  const tEnd = e.fUnitEnd[at]!;
  for (let u = tStart; u < tEnd; u++) {
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) return 'the target has war engines';
  }
  const targetDepth = e.fMinDepth[at]!;
  const gap = e.fFront[by]! + e.fFront[at]!;
  const sustained = action === C.ACTION_SUSTAINED;
  const marked = isMarked(e, by, at);
  if (markShooters(e, by, gap + targetDepth, sustained, marked) === 0) return 'no unit can fire';
  for (let f = 0; f < e.nFormations; f++) {
    if (f !== at && e.fBroken[f] === 0 && reachesBreakPoint(e.fBm[f]!, e.fBreakWeight[f]!)) return 'a formation breaks after the attack from its starting Blast markers';
  }

  const coverTaken = e.fCover[at] !== 0;
  const modifier = actionToHitModifier(action) + (marked ? MARKED_MODIFIER : 0);
  const nF = e.nFormations;
  const groups: PlannedLine[] = [];
  const kinds: PlannedKind[] = [];
  let maxHits = 0;
  for (let u = e.fUnitStart[by]!; u < e.fUnitEnd[by]!; u++) {
    if (e.scCanFire[u] === 0) continue;
    const distance = gap + e.uDepth[u]! + targetDepth;
    const penalty = e.stToHitPenalty[u]!;
    for (let g = e.uGroupStart[u]!; g < e.uGroupEnd[u]!; g++) {
      const bl = e.gBarrageLine[g]!;
      if (useBarrage && bl >= 0 && lineReady(e, bl) && lineRange(e, bl, sustained, distance) >= distance) return 'a barrage fires';
      let choice = e.choice[g * nF + at]!;
      if (choice === NOTHING_TO_FIRE) continue;
      if (choice === CHOOSE_PER_ATTACK) {
        choice = chooseFirepower(e, at, u, g, gap, distance, modifier, penalty, coverTaken, false, sustained);
        if (choice < 0) continue;
      } else if (e.uLimited[u] === 1 ? !lineReady(e, choiceLine(choice)) || lineRange(e, choiceLine(choice), sustained, distance) < distance : e.wRange[choiceLine(choice)]! < distance) {
        continue;
      }
      const line = choiceLine(choice);
      const fp = choiceFp(choice);
      const mask = choiceMask(choice);
      if (!guidedMayFire(e, line, marked)) continue;
      const fl = e.wFlags[line]!;
      const hitFlags = fp === FP_MW ? e.wHitFlags[line]! | C.H_MW : e.wHitFlags[line]!;
      if ((hitFlags & ~PLAN_HIT_FLAGS) !== 0) return 'macro-weapon, Titan Killer, sniper or disrupt hits';
      const value = fp === FP_AP ? e.wAP[line]! : fp === FP_AT ? e.wAT[line]! : e.wMW[line]!;
      const reach = lineRange(e, line, sustained, distance) - gap - e.uDepth[u]!;
      let kind = kinds.findIndex((k) => k.mask === mask && k.reach === reach && k.hitFlags === hitFlags);
      if (kind < 0) {
        kind = kinds.length;
        kinds.push(plannedKind(e, at, mask, reach, hitFlags, crossfire));
      }
      const planned: PlannedLine = {
        shotsN: e.wShotsN[line]!,
        shotsSides: e.wShotsSides[line]!,
        shotsPlus: e.wShotsPlus[line]!,
        shotsTimes: e.wShotsTimes[line]!,
        exN: e.wExN[line]!,
        exSides: e.wExSides[line]!,
        exPlus: e.wExPlus[line]!,
        toHit: value + modifier + penalty + (coverTaken && (fl & C.W_IGNORE_COVER) === 0 ? 1 : 0),
        kind,
      };
      addLine(groups, planned);
      maxHits += (e.wShotsN[line]! * e.wShotsSides[line]! + e.wShotsPlus[line]!) * e.wShotsTimes[line]! + e.wExN[line]! * e.wExSides[line]! + e.wExPlus[line]!;
    }
  }

  const nTarget = tEnd - tStart;
  const range = (n: number, f: (u: number) => number) => Array.from({ length: n }, (_, v) => f(tStart + v));
  const constants: Array<[number, number]> = [];
  for (let f = 0; f < nF; f++) {
    if (f === at) continue;
    const hist = recordOffset(f);
    const units = e.fUnitEnd[f]! - e.fUnitStart[f]!;
    const alive = e.fAlive[f]!;
    constants.push([hist + units - alive, 1]);
    if (e.fBroken[f] === 1) constants.push([hist + units + 1, 1]);
    if (alive === 0) constants.push([hist + units + 2, 1]);
    const bm = e.fBm[f]!;
    if (bm !== 0) constants.push([hist + units + 3, bm], [hist + units + 4, bm * bm]);
  }
  return new FirePlan({
    groups,
    kinds,
    nTarget,
    noBm: range(nTarget, (u) => (placesNoBlastMarker(e, u) ? 1 : 0)),
    points: range(nTarget, (u) => e.uPoints[u]!),
    breakWeight: range(nTarget, (u) => e.uBreakWeight[u]!),
    diesWithdrawing: range(nTarget, (u) => (e.optWithdrawOnBreak && withdraws(e.uFlags[u]!) && endsWithdrawalInReach(distanceToNearestEnemy(e, u), e.uSpeed[u]!) ? 1 : 0)),
    startBm: e.fBm[at]!,
    startBreakWeight: e.fBreakWeight[at]!,
    crossfire,
    targetRecord: recordOffset(at),
    constants,
    maxHits,
  });
}

/**
 * Appends a firing line, merged into the previous one when both roll a fixed
 * number of dice for the same kind of hit with the same to-hit number: the
 * same dice in the same order, with less to do per line.
 */
function addLine(groups: PlannedLine[], line: PlannedLine): void {
  const last = groups[groups.length - 1];
  const fixed = (l: PlannedLine) => l.shotsN === 0 && l.exN === 0 && l.exPlus === 0;
  if (last !== undefined && fixed(last) && fixed(line) && last.toHit === line.toHit && last.kind === line.kind) {
    last.shotsPlus = last.shotsPlus * last.shotsTimes + line.shotsPlus * line.shotsTimes;
    last.shotsTimes = 1;
    return;
  }
  groups.push(line);
}

/**
 * The target units a kind of hit may go to (living, of a class it affects,
 * within reach, [A-24]) and each one's save code against it, from the save
 * stack (saves/saveStack.ts) as the general procedure rolls it.
 */
function plannedKind(e: Engagement, at: number, mask: number, reach: number, hitFlags: number, crossfire: boolean): PlannedKind {
  const tStart = e.fUnitStart[at]!;
  const tEnd = e.fUnitEnd[at]!;
  const eligible: number[] = [];
  for (let k = tStart; k < tEnd; k++) {
    const u = e.orderFront[k]!;
    if (e.stAlive[u] === 1 && (e.uClass[u]! & mask) !== 0 && e.uDepth[u]! <= reach) eligible.push(u - tStart);
  }
  const saveCodes: number[] = [];
  for (let u = tStart; u < tEnd; u++) saveCodes.push(saveCode(e, u, hitFlags, crossfire, false));
  return { mask, reach, hitFlags, eligible, saveCode: saveCodes };
}

/**
 * Runs `trials` attacks of plan p, adding each outcome to the tally exactly
 * as the general path's record would. Per trial: the Blast marker for coming
 * under fire (RB 1.9.3); to-hit rolls line by line; allocation front to back,
 * the first eligible unit with the fewest hits taking the next (RB 1.9.6);
 * saves in the order the hits were scored; one BM per casualty, crossfire's
 * extra one ([A-12]); the break test after the whole attack (RB 1.9.7) and
 * withdrawal casualties, which place no BM (RB 1.13.3).
 */
export function runFirePlan(p: FirePlan, rng: Sfc32, trials: number, tally: Float64Array): void {
  if (p.roundRobin) runRoundRobin(p, rng, trials, tally);
  else runAllocated(p, rng, trials, tally);
  const n = p.constantIndex.length;
  for (let i = 0; i < n; i++) tally[p.constantIndex[i]!]! += p.constantValue[i]! * trials;
}
