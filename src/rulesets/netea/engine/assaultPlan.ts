import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import type { AssaultRecordLayout, RecordLayout } from '../../../sim/ruleset.js';
import { ENGAGED_START, startAssault } from './assault.js';
import type { AssaultSetup } from './assault/setup.js';
import type { ChargeCache } from './assault/chargeCache.js';
import { assaultHitFlags, supportTargetSide } from './assault/attacks.js';
import { contactCap, prefersFirefight, wantsContact } from './assault/moves.js';
import { counterChargeMove } from './assault/counterChargeRules.js';
import { lossHitsHalved } from './assault/aftermathRules.js';
import { blastMarkerModifiers, countsAsKill, formationResultMarkers, halvesResultMarkers, inspiringUnits, sideResultMarkers } from './assault/resultRules.js';
import { staticCoordinate } from './assault/axis.js';
import { cumulativeThresholds } from '../../../sim/dice/cumulativeThresholds.js';
import { dicePmf } from '../../../sim/dice/dicePmf.js';
import { hitCountPmf } from '../../../sim/dice/hitCountPmf.js';
import { sumOfCounts } from '../../../sim/dice/sumOfCounts.js';
import { guideTable } from '../../../sim/dice/guideTable.js';
import { hitChance } from './assaultPlan/fightDeaths.js';
import { attackGroups, profileLines, sameUnits, type AttackGroup, type PlanGroups } from './assaultPlan/attackGroups.js';
import { compileDeathTables } from './assaultPlan/deathTables.js';
import { withdrawSafe } from './assaultPlan/withdrawSafe.js';
import { ANY_KIND, F_ALIVE, F_BM, F_BREAK_WEIGHT, F_BROKEN, F_STRIDE, MIXED_KINDS, NO_SIDE, RESULT_GUIDE_BITS, S_ALIVE, S_ENGAGED, S_INSPIRING, S_STRIDE, TO_HIT_VALUES, U_BREAK_WEIGHT, U_CC, U_COUNTER, U_COUNTER_MOVE, U_FF, U_FLAGS, U_FORMATION, U_KILL, U_STRIDE } from './assaultPlan/layout.js';
import { NO_SAVES } from './saves/saveCode.js';
import { saveCodeChance } from './saves/saveCodeChance.js';
import { saveCode } from './saves/saveStack.js';

/**
 * How a planned trial rolls its dice. "each": every die, in the order of the
 * general path, so the tallies are the same bit for bit (for tests). "counts":
 * what the dice decide, each drawn from its exact distribution by one 32-bit
 * word (`cumulativeThresholds`): a group's number of hits, a unit's fate
 * under the hits allocated to it, a side's highest of 2D6.
 */
export type PlanDice = 'each' | 'counts';


/**
 * An assault compiled for one known starting state: the trial-by-trial path
 * of an engagement that is a single assault step (`epic-balance assault`,
 * the bench's assault scenario, assault matchups) when no war engine, shield
 * or power field takes part.
 *
 * From that state the charge, the counter-charges and who is directly
 * engaged come out the same every trial (the ChargeCache already keeps
 * them). So does everything the first round decides before its dice: which
 * units attack in which phase with which value and how many dice, each
 * hit's allocation order, which supporting units stand within 15 cm of
 * which engaged enemies. For the rounds after a tie the plan keeps what
 * does not move: each unit's attacks in and out of base contact, its save
 * against each kind of hit, its counter-charge move. And for the result and
 * aftermath: which deaths count as kills, which units are Inspiring or
 * fearless, how far each unit is from each enemy formation's front.
 *
 * The plan keeps its own state (who is alive, where the assaulting units
 * stand and who touches whom, each formation's living units, break point,
 * points lost and Blast markers; each side's counts for the result) and
 * runs a whole trial without the Engagement (plannedAssault.ts). Rolling
 * each die (PlanDice "each"), it rolls the same dice in the same order as
 * `assault` and adds up the same sums in the same order, so a run gives a
 * tally identical bit for bit to the general path. By counts (the default)
 * it draws each group's hits and each hit unit's fate from their exact
 * distributions, about half the random words and far fewer steps, and
 * gives the same distributions (test/sim/netea/assaultPlan.test.ts).
 *
 * Assaults the plan does not cover keep the general path, and
 * `compileAssaultPlan` says why.
 */
export class AssaultPlan {
  /**
   * The first round's attack groups (one unit's base dice, or one weapon's
   * extra attacks) in the order `assault` rolls them: the first-strike phase
   * [0, fsEnd), the main phase [fsEnd, mainEnd), supporting fire
   * [mainEnd, supportEnd).
   */
  readonly fsEnd: number;
  readonly mainEnd: number;
  readonly supportEnd: number;
  /**
   * With every assaulting unit in base contact from the first round on,
   * nothing moves again: no counter-charge acts, everyone alive stays
   * directly engaged, in the same order, with the same attacks and the same
   * supporters in reach. Then the later rounds are the first round's groups
   * again, one per unit (none merged, since any may be dead by then):
   * first strike [supportEnd, laterFsEnd), main [laterFsEnd, laterMainEnd),
   * supporting fire [laterMainEnd, nGroups).
   */
  readonly staticRounds: boolean;
  readonly laterFsEnd: number;
  readonly laterMainEnd: number;
  readonly nGroups: number;
  /** The unit whose death before its turn to roll cancels the group, or -1 when it cannot die first. */
  readonly gUnit: Int32Array;
  /** Attack dice: gDiceN dice of gDiceSides plus gDicePlus (the base dice are a plain number). */
  readonly gDiceN: Int32Array;
  readonly gDiceSides: Int32Array;
  readonly gDicePlus: Int32Array;
  readonly gToHit: Int32Array;
  /** The group's hits: their kind (an index into the save table) times two, plus the assault side (0 attacking, 1 defending) they go to. */
  readonly gCode: Int32Array;
  /** A supporting unit fires only with a living engaged enemy among these (RB 1.12.6), by group: [gNearStart, gNearEnd) of nearList. */
  readonly gNearStart: Int32Array;
  readonly gNearEnd: Int32Array;
  readonly nearList: Int32Array;

  /** Dice by counts (PlanDice "counts") rather than each die. */
  readonly byCounts: boolean;
  /**
   * Inverse-CDF tables (`cumulativeThresholds`) back to back: a first-round
   * group's hits from gCdf[g], a line's hits at to-hit value t from
   * lCdf[l * TO_HIT_VALUES + min(t, 7)], and those below; the guide tables
   * (`guideTable`) of some of them in `guide`.
   */
  readonly cdf: Float64Array;
  readonly gCdf: Int32Array;
  /**
   * Groups by counts with one kind per side (`countGroups`): the run of groups
   * from g to gNext[g] (groups whose units are all alive and in reach, with
   * the same hits) rolls as one, its total hits drawn from gRunCdf[g].
   */
  readonly gNext: Int32Array;
  readonly gRunCdf: Int32Array;
  readonly lCdf: Int32Array;
  /**
   * By counts: the attacker's highest of 2D6 less the defender's, plus 5
   * (0..10), from cdf at resultDifferenceCdf with the guide table at
   * resultDifferenceGuide (RESULT_GUIDE_BITS bits).
   */
  readonly resultDifferenceCdf: number;
  readonly resultDifferenceGuide: number;
  /**
   * By counts, with no first-strike attack in the first round, and on each
   * side either one kind of hit and at most FIGHT_MASK_UNITS directly engaged
   * units, or macro-weapon hits and one other kind and at most
   * STAGED_MASK_UNITS: the first round's fight draws which of each side's
   * directly engaged units die with one word, from the distribution of the
   * whole side's deaths (its hits shared out in turn, the macro-weapon hits
   * among the survivors of the others, then each unit's saves). The deaths
   * are a bitmask over the side's allocation order.
   */
  readonly fightByMasks: boolean;
  /**
   * With fightByMasks, when only the defenders take supporting fire in the
   * first round, with one kind of hit, and have at most STAGED_MASK_UNITS
   * directly engaged units: their deaths from the fight and the supporting
   * fire are drawn at once, from table 2 (tables 0 and 1 are each side's
   * fight alone), unless the fight leaves the attackers no directly engaged
   * unit, which ends the round before the supporting fire.
   */
  readonly supportFolded: boolean;
  /**
   * The death tables t (0: the attackers' fight; 1: the defenders' fight;
   * 2: the defenders' fight and supporting fire), one entry per mask of
   * positive probability: the thresholds at fmCdf[t] of cdf (-1 when the
   * table is not drawn), the guide table at fmGuide[t] of `guide`, with
   * shift fmShift[t] (`sampleByGuide`).
   */
  readonly fmCdf: Int32Array;
  readonly fmEntry: Int32Array;
  readonly fmGuide: Int32Array;
  readonly fmShift: Int32Array;
  readonly guide: Int32Array;
  /**
   * Per table: the formations its units belong to, [fmFormStart, + fmFormCount)
   * of fmForms. Entry k of table t is the row of FM_ROW + 2 * fmFormCount[t]
   * numbers at fmEntry[t] + k * (FM_ROW + 2 * fmFormCount[t]) of fmData: the units
   * that die (bit i: position i of the allocation order), how many, the
   * kills they give the enemy, the Inspiring units among them, then for each
   * formation of the table the units it loses and their break weight; and at
   * fmPointsAt[t] + k * fmFormCount[t] + j of fmPoints, the points formation
   * j loses.
   */
  readonly fmForms: Int32Array;
  readonly fmFormStart: Int32Array;
  readonly fmFormCount: Int32Array;
  readonly fmData: Int32Array;
  readonly fmPointsAt: Int32Array;
  readonly fmPoints: Float64Array;
  /** The chance that unit u saves a hit of kind k, at [k * nUnits + u]: the save code's rolls, which "each" makes one by one. */
  readonly saveChance: Float64Array;
  /**
   * For the range of groups starting at group g (see fsEnd ... nGroups), at
   * [g * 2 + side]: the one kind of all its hits on assault side `side`,
   * ANY_KIND when it has none, MIXED_KINDS when they differ. By counts, kinds
   * that every unit saves alike in the same stage count as the first of them.
   */
  readonly rangeKind: Int32Array;

  /** Kinds of hit (their flags): macro-weapon and Titan Killer hits are allocated among the survivors of the others (RB 2.2.6). */
  readonly kindMacro: Uint8Array;
  /** The save code (saves/saveCode.ts) of unit u against kind k of hit at [k * nUnits + u]. */
  readonly nUnits: number;
  readonly saveCode: Int32Array;

  /**
   * Each unit's attack lines by profile and phase, at [(u * 2 + cc) * 2 + firstStrike]:
   * [lineStart, lineEnd) of the line arrays, the base dice first, then each
   * weapon's extra attacks (`rollUnitAttacks`).
   */
  readonly lineStart: Int32Array;
  readonly lineEnd: Int32Array;
  readonly lDiceN: Int32Array;
  readonly lDiceSides: Int32Array;
  readonly lDicePlus: Int32Array;
  readonly lKind: Int32Array;
  /** Some unit in the assault or supporting it has first-strike attacks: every round has a first-strike phase. */
  readonly firstStrike: boolean;

  /** Per unit, packed (U_FORMATION ...); points, depth, speed. */
  readonly U: Int32Array;
  readonly uPoints: Float64Array;
  readonly uDepth: Float64Array;
  readonly uSpeed: Float64Array;
  /** Per unit, 1 or 0: attacks only in base contact (`attackValue`); would rather fight in base contact (`wantsContact`); would rather shoot (`prefersFirefight`). */
  readonly uCcOnly: Uint8Array;
  readonly uWantsContact: Uint8Array;
  readonly uPrefersFirefight: Uint8Array;
  /** How many enemies may be in base contact with the unit (`contactCap`). */
  readonly uContactCap: Int32Array;
  /** Where a unit the assault does not move stands on the assault axis (`staticCoordinate`). */
  readonly uStaticPos: Float64Array;

  /** Per formation: role (0 none, 1 attacking, 2 defending, 3 supporting), table side, units [fUnitStart, fUnitEnd). */
  readonly nFormations: number;
  readonly fRole: Int32Array;
  readonly fSide: Int32Array;
  readonly fUnitStart: Int32Array;
  readonly fUnitEnd: Int32Array;
  /** Broken at the start; counts half its Blast markers in the result (`halvesResultMarkers`). */
  readonly fBrokenStart: Uint8Array;
  readonly fHalvesMarkers: Uint8Array;
  /** Front after the charge (the distance of the formation's line from the centre line). */
  readonly fFront: Float64Array;
  /** No unit of the formation can end a withdrawal within 15 cm of an enemy, whoever dies first. */
  readonly fWithdrawSafe: Uint8Array;
  /** Tally offset of the formation's block in the record (its killed histogram). */
  readonly fRecord: Int32Array;
  /** Where the outcome goes in the tally. */
  readonly assaultRecord: AssaultRecordLayout;

  /** The assaulting units, attackers [0, listMid) then defenders [listMid, listEnd), in the order `assault` lists them. */
  readonly list: Int32Array;
  readonly listMid: number;
  readonly listEnd: number;
  /** Supporting units that may fire (not close-combat only), with the assault side they fire at. */
  readonly supporters: Int32Array;
  readonly supporterTarget: Uint8Array;
  /** Per assault side: table side, the loser's hits halved (`lossHitsHalved`). */
  readonly tableSide: Int32Array;
  /**
   * Per assault side s: its formations, [sideFormStart[s], sideFormStart[s + 1])
   * of sideForms; the formations outside the assault on its table side, which
   * take a Blast marker when it loses, [bystanderStart[s], bystanderStart[s + 1])
   * of bystanders.
   */
  readonly sideForms: Int32Array;
  readonly sideFormStart: Int32Array;
  readonly bystanders: Int32Array;
  readonly bystanderStart: Int32Array;
  readonly lossHalved: Uint8Array;
  /**
   * Per assault side: the Blast markers it counts in the result
   * (`sideResultMarkers`: -1 for none at all), which no fight changes when
   * none of its formations is broken; -2 when one is, and its living units
   * count.
   */
  readonly sideBlastMarkers: Int32Array;
  /** Per assault side: its result modifiers for Blast markers (`blastMarkerModifiers`) when both sides' counts are fixed; -1 when they must be counted. */
  readonly blastMarkerBonus: Int32Array;
  /** withdrawal on breaking and the round limit (NeteaOptions). */
  readonly lossHitsEngagedOnly: boolean;
  readonly supportEveryRound: boolean;
  readonly withdrawOnBreak: boolean;
  readonly maxRounds: number;
  /** The first round's positions, base contacts, forced firefights, directly engaged units and allocation order (the ChargeCache's). */
  readonly startPos: Float64Array;
  readonly startContact: Int32Array;
  readonly startForceFF: Uint8Array;
  readonly startEngaged: Uint8Array;
  readonly startOrder: Int32Array;
  readonly startOrderCount: Int32Array;
  /** `trialState` as every trial starts. */
  readonly trialStart: Int32Array;

  /**
   * The per-trial state a trial starts from afresh, in one array so that one
   * copy restores it: `alive`, then `F`, then `S`, which are views of it.
   */
  readonly trialState: Int32Array;
  // Per-trial state. Units: alive (1) or dead (0).
  readonly alive: Int32Array;
  /** Assaulting units: position, base contacts, forced firefight, distance to the nearest enemy, directly engaged. */
  readonly pos: Float64Array;
  readonly contact: Int32Array;
  readonly forceFF: Uint8Array;
  readonly dist: Float64Array;
  readonly engaged: Uint8Array;
  /** Directly engaged units of each side in allocation order (base contact first, then the closest): [orderStart[s], + orderCount[s]). */
  readonly order: Int32Array;
  readonly orderStart: Int32Array;
  readonly orderCount: Int32Array;
  /** Each side's allocation order keeps the list's order (the units are only filtered, none sorted forward). */
  orderFollowsList: boolean;
  readonly startOrderFollowsList: boolean;
  /** Something moved since the first round's state was loaded. */
  moved = false;
  /** Formations (F_ALIVE ...) and their points lost; the counters by counter index (S_ALIVE ...). */
  readonly F: Int32Array;
  readonly fPoints: Float64Array;
  readonly S: Int32Array;
  /** Scratch: each hit's code (as gCode) and target; the loser's marked units; an enemy formation's nearest living depth. */
  readonly hCode: Int32Array;
  readonly hTarget: Int32Array;
  readonly marked: Uint8Array;
  readonly nearestDepth: Float64Array;
  /** Scratch for dice by counts: each unit's chance of saving every hit allocated to it so far (-1 before its first), and the units hit in a stage. */
  readonly survives: Float64Array;
  readonly hitUnits: Int32Array;

  constructor(p: AssaultPlanParts) {
    const e = p.e;
    const n = e.nUnits;
    const nF = e.nFormations;
    this.fsEnd = p.fsEnd;
    this.mainEnd = p.mainEnd;
    this.supportEnd = p.supportEnd;
    this.staticRounds = p.staticRounds;
    this.laterFsEnd = p.laterFsEnd;
    this.laterMainEnd = p.laterMainEnd;
    this.nGroups = p.groups.length;
    this.gUnit = Int32Array.from(p.groups, (g) => g.unit);
    this.gDiceN = Int32Array.from(p.groups, (g) => g.diceN);
    this.gDiceSides = Int32Array.from(p.groups, (g) => g.diceSides);
    this.gDicePlus = Int32Array.from(p.groups, (g) => g.dicePlus);
    this.gToHit = Int32Array.from(p.groups, (g) => g.toHit);
    const kinds = new Map<number, number>();
    const kindOf = (flags: number) => {
      if (!kinds.has(flags)) kinds.set(flags, kinds.size);
      return kinds.get(flags)!;
    };
    this.gCode = Int32Array.from(p.groups, (g) => kindOf(g.flags) * 2 + g.side);
    const near: number[] = [];
    this.gNearStart = new Int32Array(this.nGroups);
    this.gNearEnd = new Int32Array(this.nGroups);
    p.groups.forEach((g, i) => {
      this.gNearStart[i] = near.length;
      near.push(...g.near);
      this.gNearEnd[i] = near.length;
    });
    this.nearList = Int32Array.from(near);

    const lines: AttackGroup[] = [];
    this.lineStart = new Int32Array(n * 4);
    this.lineEnd = new Int32Array(n * 4);
    for (let u = 0; u < n; u++) {
      for (let cc = 0; cc < 2; cc++) {
        for (let fs = 0; fs < 2; fs++) {
          const i = (u * 2 + cc) * 2 + fs;
          this.lineStart[i] = lines.length;
          lines.push(...profileLines(e, u, assaultHitFlags(cc === 1, false), fs === 1));
          this.lineEnd[i] = lines.length;
        }
      }
    }
    this.lDiceN = Int32Array.from(lines, (l) => l.diceN);
    this.lDiceSides = Int32Array.from(lines, (l) => l.diceSides);
    this.lDicePlus = Int32Array.from(lines, (l) => l.dicePlus);
    this.lKind = Int32Array.from(lines, (l) => kindOf(l.flags));
    this.firstStrike = e.asListFirstStrike;

    const kindFlags = [...kinds.keys()];
    this.kindMacro = Uint8Array.from(kindFlags, (flags) => ((flags & C.H_SECOND_STAGE) !== 0 ? 1 : 0));
    this.nUnits = n;
    this.saveCode = new Int32Array(kindFlags.length * n).fill(NO_SAVES);
    this.saveChance = new Float64Array(kindFlags.length * n);
    kindFlags.forEach((flags, k) => {
      for (let u = 0; u < n; u++) {
        if (e.asSide[u]! < 0) continue;
        // RB 1.12.5: infantry of the engaging formations get no cover save.
        const code = saveCode(e, u, flags, false, e.asSide[u] === 0);
        this.saveCode[k * n + u] = code;
        this.saveChance[k * n + u] = saveCodeChance(code);
      }
    });
    this.byCounts = p.dice === 'counts';
    // By counts, kinds of hit that every unit saves alike, in the same allocation stage, are one kind.
    const sameSaves = (k: number, j: number) => this.kindMacro[k] === this.kindMacro[j] && range(n).every((u) => this.saveChance[k * n + u] === this.saveChance[j * n + u]);
    const countKind = kindFlags.map((_, k) => (this.byCounts ? range(k + 1).find((j) => sameSaves(k, j))! : k));
    const groupKind = (g: number) => countKind[this.gCode[g]! >> 1]!;
    this.rangeKind = new Int32Array(this.nGroups * 2).fill(ANY_KIND);
    const bounds = [0, p.fsEnd, p.mainEnd, p.supportEnd, p.laterFsEnd, p.laterMainEnd, this.nGroups];
    for (let r = 0; r + 1 < bounds.length; r++) {
      for (let g = bounds[r]!; g < bounds[r + 1]!; g++) {
        const at = bounds[r]! * 2 + (this.gCode[g]! & 1);
        const kind = groupKind(g);
        this.rangeKind[at] = this.rangeKind[at] === ANY_KIND || this.rangeKind[at] === kind ? kind : MIXED_KINDS;
      }
    }
    const cdf: number[] = [];
    const table = (pmf: number[]) => {
      const at = cdf.length;
      cdf.push(...cumulativeThresholds(pmf));
      return at;
    };
    const groupPmf = p.groups.map((g) => hitCountPmf(dicePmf(g.diceN, g.diceSides, g.dicePlus), hitChance(g.toHit)));
    this.gCdf = Int32Array.from(groupPmf, table);
    this.gNext = Int32Array.from(p.groups, (_, g) => g + 1);
    this.gRunCdf = Int32Array.from(this.gCdf);
    for (let r = 0; r + 1 < bounds.length; r++) {
      for (let g = bounds[r]!; g < bounds[r + 1]!; g = this.gNext[g]!) {
        let end = g + 1;
        let pmf = groupPmf[g]!;
        const joins = (h: AttackGroup) => h.unit === -1 && p.groups[g]!.unit === -1 && (this.gCode[end]! & 1) === (this.gCode[g]! & 1) && groupKind(end) === groupKind(g) && sameUnits(h.near, p.groups[g]!.near);
        while (end < bounds[r + 1]! && joins(p.groups[end]!)) pmf = sumOfCounts(pmf, groupPmf[end++]!);
        this.gNext[g] = end;
        if (end > g + 1) this.gRunCdf[g] = table(pmf);
      }
    }
    this.lCdf = new Int32Array(lines.length * TO_HIT_VALUES);
    lines.forEach((l, i) => {
      const dice = dicePmf(l.diceN, l.diceSides, l.dicePlus);
      for (let t = 0; t < TO_HIT_VALUES; t++) this.lCdf[i * TO_HIT_VALUES + t] = table(hitCountPmf(dice, hitChance(t)));
    });

    const counter = (u: number) => (e.asSide[u]! >= 0 ? e.asSide[u]! : NO_SIDE);
    this.U = new Int32Array(n * U_STRIDE);
    for (let u = 0; u < n; u++) {
      const b = u * U_STRIDE;
      this.U[b + U_FORMATION] = e.uFormation[u]!;
      this.U[b + U_COUNTER] = counter(u);
      this.U[b + U_BREAK_WEIGHT] = e.uBreakWeight[u]!;
      // Units outside the assault sides give no kills.
      this.U[b + U_KILL] = counter(u) !== NO_SIDE && countsAsKill(e, u) ? 1 : 0;
      this.U[b + U_FLAGS] = e.uFlags[u]!;
      this.U[b + U_CC] = e.uCC[u]!;
      this.U[b + U_FF] = e.uFF[u]!;
      this.U[b + U_COUNTER_MOVE] = counterChargeMove(e.uSpeed[u]!);
    }
    const sides = [0, 1];
    const guide: number[] = [];
    const tables = compileDeathTables(this, p, groupKind, groupPmf, cdf, guide);
    this.fightByMasks = tables.fightByMasks;
    this.supportFolded = tables.supportFolded;
    this.fmCdf = tables.fmCdf;
    this.fmEntry = tables.fmEntry;
    this.fmGuide = tables.fmGuide;
    this.fmShift = tables.fmShift;
    this.fmFormStart = tables.fmFormStart;
    this.fmFormCount = tables.fmFormCount;
    this.fmPointsAt = tables.fmPointsAt;
    // RB 1.12.7, by counts: the difference of the two sides' highest of 2D6, -5..5, drawn at once.
    // P(highest of 2D6 = k) = (2k - 1) / 36.
    const highest = [0, 1, 2, 3, 4, 5, 6].map((k) => (k === 0 ? 0 : (2 * k - 1) / 36));
    const difference = sumOfCounts(highest, [...highest].reverse()).slice(1, 12);
    const differenceThresholds = cumulativeThresholds(difference);
    this.resultDifferenceCdf = cdf.length;
    cdf.push(...differenceThresholds);
    this.resultDifferenceGuide = guide.length;
    guide.push(...guideTable(differenceThresholds, RESULT_GUIDE_BITS));
    this.cdf = Float64Array.from(cdf);
    this.guide = Int32Array.from(guide);
    this.fmForms = Int32Array.from(tables.forms);
    this.fmData = Int32Array.from(tables.data);
    this.fmPoints = Float64Array.from(tables.points);

    this.uPoints = Float64Array.from(e.uPoints);
    this.uDepth = Float64Array.from(e.uDepth);
    this.uSpeed = Float64Array.from(e.uSpeed);
    this.uCcOnly = Uint8Array.from(range(n), (u) => ((e.uFlags[u]! & C.U_CC_ONLY) !== 0 && e.optCloseCombatOnlyInContact ? 1 : 0));
    this.uWantsContact = Uint8Array.from(range(n), (u) => (wantsContact(e, u) ? 1 : 0));
    this.uPrefersFirefight = Uint8Array.from(range(n), (u) => (prefersFirefight(e, u) ? 1 : 0));
    this.uContactCap = Int32Array.from(range(n), (u) => contactCap(e, u));
    this.uStaticPos = Float64Array.from(range(n), (u) => staticCoordinate(e, u, e.asAttackerSide, e.asDefenderLine));

    this.nFormations = nF;
    this.fRole = Int32Array.from(e.fRole);
    this.fSide = Int32Array.from(e.fSide);
    this.fUnitStart = Int32Array.from(e.fUnitStart);
    this.fUnitEnd = Int32Array.from(e.fUnitEnd);
    this.fBrokenStart = Uint8Array.from(e.fBrokenStart);
    this.fHalvesMarkers = Uint8Array.from(range(nF), (f) => (halvesResultMarkers(e, f) ? 1 : 0));
    this.fFront = Float64Array.from(e.fFront);
    this.fWithdrawSafe = Uint8Array.from(range(nF), (f) => (withdrawSafe(e, f) ? 1 : 0));
    this.fRecord = Int32Array.from(p.record.formations, (L) => L.killedHistogram);
    this.assaultRecord = p.record.assault!;

    this.list = Int32Array.from(e.asList.subarray(0, e.asBound[2]!));
    this.listMid = e.asBound[1]!;
    this.listEnd = e.asBound[2]!;
    const supporters = Array.from(e.asList.subarray(e.asBound[2]!, e.asBound[3]!)).filter((u) => e.fBroken[e.uFormation[u]!] === 0 && (e.uFlags[u]! & C.U_CC_ONLY) === 0);
    this.supporters = Int32Array.from(supporters);
    this.supporterTarget = Uint8Array.from(supporters, (u) => supportTargetSide(e, e.uFormation[u]!));
    this.tableSide = Int32Array.from(sides, (side) => e.fSide[range(nF).find((f) => e.fRole[f] === side + 1)!]!);
    const ofSide = sides.map((side) => range(nF).filter((f) => e.fRole[f] === side + 1));
    this.sideForms = Int32Array.from(ofSide.flat());
    this.sideFormStart = Int32Array.of(0, ofSide[0]!.length, ofSide[0]!.length + ofSide[1]!.length);
    const standingBy = sides.map((side) => range(nF).filter((f) => e.fRole[f] !== 1 && e.fRole[f] !== 2 && e.fSide[f] === this.tableSide[side]));
    this.bystanders = Int32Array.from(standingBy.flat());
    this.bystanderStart = Int32Array.of(0, standingBy[0]!.length, standingBy[0]!.length + standingBy[1]!.length);
    this.lossHalved = Uint8Array.from(sides, (side) => (lossHitsHalved(e, side + 1) ? 1 : 0));
    this.sideBlastMarkers = Int32Array.from(sides, (side) => {
      const formations = ofSide[side]!;
      if (formations.some((f) => e.fBrokenStart[f] === 1)) return -2;
      return formations.reduce((markers, f) => sideResultMarkers(markers, formationResultMarkers(false, 0, e.fBmStart[f]!, halvesResultMarkers(e, f))), -1);
    });
    this.blastMarkerBonus = Int32Array.from(sides, (side) => {
      const mine = this.sideBlastMarkers[side]!;
      const theirs = this.sideBlastMarkers[1 - side]!;
      return mine === -2 || theirs === -2 ? -1 : blastMarkerModifiers(mine, theirs);
    });
    this.lossHitsEngagedOnly = e.optLossHitsEngagedOnly;
    this.supportEveryRound = e.optSupportEveryRound;
    this.withdrawOnBreak = e.optWithdrawOnBreak;
    this.maxRounds = e.optMaxAssaultRounds;
    this.startPos = Float64Array.from(e.asPos);
    this.startContact = Int32Array.from(e.asContact);
    this.startForceFF = Uint8Array.from(e.asForceFF);
    this.startEngaged = Uint8Array.from(range(n), (u) => (e.asSide[u]! >= 0 && e.asEngaged[u] === 1 ? 1 : 0));
    this.startOrder = new Int32Array(this.listEnd);
    this.startOrder.set(p.order[0]!, 0);
    this.startOrder.set(p.order[1]!, this.listMid);
    this.startOrderCount = Int32Array.of(p.order[0]!.length, p.order[1]!.length);
    const FStart = new Int32Array(nF * F_STRIDE);
    for (let f = 0; f < nF; f++) {
      FStart[f * F_STRIDE + F_ALIVE] = e.fUnitEnd[f]! - e.fUnitStart[f]!;
      FStart[f * F_STRIDE + F_BREAK_WEIGHT] = e.fStartBreakWeight[f]!;
      FStart[f * F_STRIDE + F_BM] = e.fBmStart[f]!;
      FStart[f * F_STRIDE + F_BROKEN] = e.fBrokenStart[f]!;
    }
    const SStart = new Int32Array(3 * S_STRIDE);
    for (let u = 0; u < n; u++) {
      const b = counter(u) * S_STRIDE;
      SStart[b + S_ALIVE]!++;
      if (this.startEngaged[u] === 1) {
        SStart[b + S_ENGAGED]!++;
        SStart[b + S_INSPIRING]! += inspiringUnits(e.uFlags[u]!);
      }
    }
    this.trialStart = Int32Array.from([...new Array<number>(n).fill(1), ...FStart, ...SStart]);
    this.trialState = Int32Array.from(this.trialStart);

    this.alive = this.trialState.subarray(0, n);
    this.pos = Float64Array.from(this.startPos);
    this.contact = Int32Array.from(this.startContact);
    this.forceFF = Uint8Array.from(this.startForceFF);
    this.dist = new Float64Array(n);
    this.engaged = Uint8Array.from(this.startEngaged);
    this.order = Int32Array.from(this.startOrder);
    this.orderStart = Int32Array.of(0, this.listMid);
    this.orderCount = Int32Array.from(this.startOrderCount);
    const followsList = (order: number[]) => order.every((u, i) => i === 0 || this.list.indexOf(order[i - 1]!) < this.list.indexOf(u));
    this.startOrderFollowsList = followsList(p.order[0]!) && followsList(p.order[1]!);
    this.orderFollowsList = this.startOrderFollowsList;
    this.F = this.trialState.subarray(n, n + nF * F_STRIDE);
    this.fPoints = new Float64Array(nF);
    this.S = this.trialState.subarray(n + nF * F_STRIDE);
    // The most hits of a phase: every unit's and supporter's largest line total at once.
    const mostDice = (l: AttackGroup) => l.diceN * (l.diceSides === 3 ? 3 : 6) + l.dicePlus;
    let maxHits = p.groups.reduce((k, g) => k + mostDice(g), 0);
    for (let u = 0; u < n; u++) {
      let most = 0;
      for (let i = u * 4; i < u * 4 + 4; i++) most += lines.slice(this.lineStart[i]!, this.lineEnd[i]!).reduce((k, l) => k + mostDice(l), 0);
      maxHits += most;
    }
    // One slot more: the dice loops write each die's kind before they know whether it hit.
    this.hCode = new Int32Array(maxHits + 1);
    this.hTarget = new Int32Array(maxHits);
    this.marked = new Uint8Array(n);
    this.nearestDepth = new Float64Array(nF);
    this.survives = new Float64Array(n).fill(-1);
    this.hitUnits = new Int32Array(n);
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** What the plan is compiled from: the engagement in its starting state, the step's record, the groups and how to roll them. */
export interface AssaultPlanParts extends PlanGroups {
  e: Engagement;
  record: RecordLayout;
  dice: PlanDice;
}

/**
 * Compiles assault `s` from the engagement's current state, which must be
 * the state every trial starts from; `record` is the step's record, where
 * a trial adds its outcome. Runs the charge and counter-charges (no dice)
 * through `startAssault`, which fills `cache`; the caller restores the
 * starting state afterwards. Returns the reason when the plan does not apply.
 */
export function compileAssaultPlan(e: Engagement, s: AssaultSetup, cache: ChargeCache, record: RecordLayout, dice: PlanDice): AssaultPlan | string {
  if (s.overwatch !== 0) return 'overwatch fire comes first';
  // Passengers disembark at the charge or get out of destroyed transports (transport/): the general path's.
  if (e.transports.any) return 'units embarked';
  for (let u = 0; u < e.nUnits; u++) {
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) return 'war engines in the engagement';
    if (e.uShields[u]! > 0 || e.uPfN[u]! + e.uPfPlus[u]! > 0) return 'shields or power fields in the engagement';
  }
  if (startAssault(e, s, cache) !== ENGAGED_START) return 'no assault from the starting state';
  // A Blast marker on a broken formation is a hit (RB 1.13.4): left to the general path.
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] !== 1 && e.fRole[f] !== 2 && e.fBroken[f] === 1) return 'a broken formation stands by';
  return new AssaultPlan({ e, record, dice, ...attackGroups(e) });
}
