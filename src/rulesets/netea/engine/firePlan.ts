import type { Sfc32 } from '../../../sim/rng.js';
import { guidedMayFire, isMarked, MARKED_MODIFIER } from './markerlights.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { distanceToNearestEnemy } from './geometry.js';
import { fixedShots } from './lineShots.js';
import { CHOOSE_PER_ATTACK, choiceFp, choiceLine, choiceMask, NOTHING_TO_FIRE } from './engagement/packedChoice.js';
import { endsWithdrawalInReach, reachesBreakPoint, withdraws } from './breaking.js';
import { crossfireBlastMarkers, UNDER_FIRE_BLAST_MARKERS } from './blastMarkers.js';
import { placesNoBlastMarker } from './damage.js';
import { firstSave, firstSaveOnly } from './saves/saveCode.js';
import { saveCode } from './saves/saveStack.js';
import { actionToHitModifier, chooseFirepower, FP_AP, FP_AT, FP_MW, lineRange, lineReady, markShooters } from './shoot.js';
import { runRoundRobin } from './firePlan/roundRobin.js';
import { runAllocated } from './firePlan/allocated.js';

/** Hit flags the plan resolves itself; any other (MW, TK, sniper, disrupt) sends the attack to `shoot`. */
const PLAN_HIT_FLAGS = C.H_IGNORE_COVER | C.H_LANCE;

/**
 * A shooting attack compiled for one known starting state: the trial-by-trial
 * path of an engagement that is a single shooting step (`epic-balance shoot`,
 * the bench's shooting scenario, shooting matchups).
 *
 * In that state everything `shoot` decides before the first die is fixed:
 * which units fire and which are suppressed, each weapon's firepower choice,
 * to-hit number and reach, which target units each hit may be allocated to,
 * each unit's save against each kind of hit, who would die withdrawing. The
 * plan holds those decisions in typed arrays, so a trial is only the dice
 * and the bookkeeping they drive. It rolls the same dice in the same order
 * as `shoot` and records the same numbers in the same order, so a run gives
 * a tally identical bit for bit to the general path (test/sim/netea/
 * firePlan.test.ts runs both over many situations).
 *
 * Attacks the plan does not cover (war engines in the target, barrages,
 * macro-weapon, Titan Killer, sniper or disrupt hits, broken formations,
 * power fields, formations that break before the attack resolves) keep the
 * general path; `compileFirePlan` returns the reason instead of a plan.
 */
export class FirePlan {
  /** Weapon lines that fire, in firing order, with their dice and to-hit number. */
  readonly nGroups: number;
  readonly gShotsN: Int32Array;
  readonly gShotsSides: Int32Array;
  readonly gShotsPlus: Int32Array;
  readonly gShotsTimes: Int32Array;
  readonly gExN: Int32Array;
  readonly gExSides: Int32Array;
  readonly gExPlus: Int32Array;
  readonly gToHit: Int32Array;
  /** Kind of hit the line scores: an index into the eligibility lists and save tables. */
  readonly gKind: Int32Array;
  /** Target units (0-based within the target) each kind may be allocated to, front to back. */
  readonly kListStart: Int32Array;
  readonly kListEnd: Int32Array;
  readonly kList: Int32Array;
  /** Every kind may go to the same units, in the same order. */
  readonly sharedList: boolean;
  /** The save code (saves/saveCode.ts) of target unit v against kind k at [k * nTarget + v]. */
  readonly saveCode: Int32Array;
  readonly nTarget: number;
  /** The unit places no Blast marker when it dies (expendable, Grots). */
  readonly tNoBm: Uint8Array;
  readonly tPoints: Float64Array;
  readonly tBreakWeight: Int32Array;
  /** The unit would be destroyed withdrawing if its formation breaks (RB 1.13.3). */
  readonly tDiesWithdrawing: Uint8Array;
  readonly startBm: number;
  readonly startBreakWeight: number;
  readonly crossfire: boolean;
  /** Tally offset of the target's record block (its killed histogram comes first). */
  readonly targetRecord: number;
  /** Counters every trial adds the same amount to (the formations the attack leaves alone). */
  readonly constantIndex: Int32Array;
  readonly constantValue: Float64Array;
  /**
   * Every kind of hit may go to the same units, none of which re-rolls its
   * save or has a second one, and all of which have one break weight:
   * trials run `runRoundRobin`. The units are positions 0..rrLength-1 in that
   * list (at most 32), hit h goes to position h mod rrLength (RB 1.9.6 with
   * one list), and the dead are the bits of an integer.
   */
  readonly roundRobin: boolean;
  readonly rrLength: number;
  /** The line's number of shots when it rolls no dice for them, else -1. */
  readonly gFixedShots: Int32Array;
  /** Where the line's kind starts in rrNeed: kind * rrLength. */
  readonly gRow: Int32Array;
  /** The save needed by the unit at each list position, per kind. */
  readonly rrNeed: Int32Array;
  /**
   * The attack's own Blast markers by the deaths that place one (`counted`;
   * blastMarkers.ts: one for coming under fire, one per such death,
   * crossfire's extra one), and whether the target then breaks, by its kills
   * and those deaths, at kills * (rrLength + 1) + counted
   * (`reachesBreakPoint`): compiled, so the trial loop reads the rules'
   * answers.
   */
  readonly rrPending: Int32Array;
  readonly rrBreaks: Uint8Array;
  /** Bits of the positions whose units place a Blast marker when they die. */
  readonly rrBmMask: number;
  /** The units' points differ: they are added death by death, in order, as the general path adds them. */
  readonly rrPointsEach: boolean;
  readonly rrPoints: Float64Array;
  /** Otherwise the points of k deaths at [k], added up one death at a time as the general path adds them (equal points, so which units died does not matter). */
  readonly rrKillPoints: Float64Array;
  /** Units that die withdrawing, in unit order: their bit in the dead mask (0 outside the list, which takes no hits) and points. */
  readonly rrWithdrawBit: Int32Array;
  readonly rrWithdrawPoints: Float64Array;
  // Per-trial scratch.
  readonly hKind: Int32Array;
  readonly hTarget: Int32Array;
  readonly load: Int32Array;
  readonly dead: Uint8Array;
  /** Hits scored up to and including each line. */
  readonly gHitEnd: Int32Array;

  constructor(p: FirePlanParts) {
    this.nGroups = p.groups.length;
    const col = (key: keyof PlannedLine) => Int32Array.from(p.groups, (g) => g[key]);
    this.gShotsN = col('shotsN');
    this.gShotsSides = col('shotsSides');
    this.gShotsPlus = col('shotsPlus');
    this.gShotsTimes = col('shotsTimes');
    this.gExN = col('exN');
    this.gExSides = col('exSides');
    this.gExPlus = col('exPlus');
    this.gToHit = col('toHit');
    this.gKind = col('kind');
    const lists = p.kinds.map((k) => k.eligible);
    this.kList = Int32Array.from(lists.flat());
    this.sharedList = lists.every((l) => l.length === lists[0]!.length && l.every((v, i) => v === lists[0]![i]));
    this.kListStart = new Int32Array(lists.length);
    this.kListEnd = new Int32Array(lists.length);
    let at = 0;
    lists.forEach((l, k) => {
      this.kListStart[k] = at;
      at += l.length;
      this.kListEnd[k] = at;
    });
    this.nTarget = p.nTarget;
    this.saveCode = Int32Array.from(p.kinds.flatMap((k) => k.saveCode));
    this.tNoBm = Uint8Array.from(p.noBm);
    this.tPoints = Float64Array.from(p.points);
    this.tBreakWeight = Int32Array.from(p.breakWeight);
    this.tDiesWithdrawing = Uint8Array.from(p.diesWithdrawing);
    this.startBm = p.startBm;
    this.startBreakWeight = p.startBreakWeight;
    this.crossfire = p.crossfire;
    this.targetRecord = p.targetRecord;
    this.constantIndex = Int32Array.from(p.constants, (c) => c[0]);
    this.constantValue = Float64Array.from(p.constants, (c) => c[1]);
    const shared = lists[0] ?? [];
    const len = shared.length;
    const bw = len > 0 ? p.breakWeight[shared[0]!]! : 0;
    this.roundRobin =
      this.sharedList && len <= 32 && shared.every((v) => p.breakWeight[v] === bw && p.kinds.every((k) => firstSaveOnly(k.saveCode[v]!)));
    this.rrLength = len;
    this.gFixedShots = Int32Array.from(p.groups, (g) => fixedShots(g.shotsN, g.shotsPlus, g.shotsTimes, g.exN, g.exPlus));
    this.gRow = Int32Array.from(p.groups, (g) => g.kind * len);
    this.rrNeed = Int32Array.from(p.kinds.flatMap((k) => shared.map((v) => firstSave(k.saveCode[v]!))));
    const rows = this.roundRobin ? len + 1 : 0;
    const pendingOf = (counted: number) => UNDER_FIRE_BLAST_MARKERS + counted + crossfireBlastMarkers(p.crossfire, counted);
    this.rrPending = Int32Array.from({ length: rows }, (_, counted) => pendingOf(counted));
    this.rrBreaks = Uint8Array.from({ length: rows * rows }, (_, i) => (reachesBreakPoint(p.startBm + pendingOf(i % rows), p.startBreakWeight - Math.floor(i / rows) * bw) ? 1 : 0));
    this.rrBmMask = this.roundRobin ? shared.reduce((m, v, q) => (p.noBm[v] === 0 ? m | (1 << q) : m), 0) : 0;
    this.rrPoints = Float64Array.from(shared, (v) => p.points[v]!);
    this.rrPointsEach = this.rrPoints.some((x) => x !== this.rrPoints[0]);
    this.rrKillPoints = new Float64Array(len + 1);
    if (!this.rrPointsEach) {
      for (let k = 1; k <= len; k++) this.rrKillPoints[k] = this.rrKillPoints[k - 1]! + this.rrPoints[0]!;
    }
    const withdrawing = this.roundRobin ? p.diesWithdrawing.flatMap((d, v) => (d === 1 ? [v] : [])) : [];
    this.rrWithdrawBit = Int32Array.from(withdrawing, (v) => (shared.includes(v) ? 1 << shared.indexOf(v) : 0));
    this.rrWithdrawPoints = Float64Array.from(withdrawing, (v) => p.points[v]!);
    this.hKind = new Int32Array(p.maxHits);
    this.hTarget = new Int32Array(p.maxHits);
    this.load = new Int32Array(p.nTarget);
    this.dead = new Uint8Array(p.nTarget);
    this.gHitEnd = new Int32Array(this.nGroups);
  }
}

interface PlannedLine {
  shotsN: number;
  shotsSides: number;
  shotsPlus: number;
  shotsTimes: number;
  exN: number;
  exSides: number;
  exPlus: number;
  toHit: number;
  kind: number;
}

interface PlannedKind {
  mask: number;
  reach: number;
  hitFlags: number;
  eligible: number[];
  saveCode: number[];
}

interface FirePlanParts {
  groups: PlannedLine[];
  kinds: PlannedKind[];
  nTarget: number;
  noBm: number[];
  points: number[];
  breakWeight: number[];
  diesWithdrawing: number[];
  startBm: number;
  startBreakWeight: number;
  crossfire: boolean;
  targetRecord: number;
  constants: Array<[number, number]>;
  maxHits: number;
}

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
