import { fixedShots } from '../lineShots.js';
import { reachesBreakPoint } from '../breaking.js';
import { crossfireBlastMarkers, UNDER_FIRE_BLAST_MARKERS } from '../blastMarkers.js';
import { firstSave, firstSaveOnly } from '../saves/saveCode.js';

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

/** A weapon line that fires, as `compileFirePlan` plans it. */
export interface PlannedLine {
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

/** A kind of hit: which target units it may go to, front to back, and each one's save code against it. */
export interface PlannedKind {
  mask: number;
  reach: number;
  hitFlags: number;
  eligible: number[];
  saveCode: number[];
}

/** What `compileFirePlan` hands the plan's constructor. */
export interface FirePlanParts {
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
