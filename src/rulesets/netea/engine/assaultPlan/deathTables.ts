import { cumulativeThresholds } from '../../../../sim/dice/cumulativeThresholds.js';
import { guideTable } from '../../../../sim/dice/guideTable.js';
import { sumOfCounts } from '../../../../sim/dice/sumOfCounts.js';
import type { Engagement } from '../engagement.js';
import type { PlanGroups } from './attackGroups.js';
import { fightDeathPmf, laterStageDeathPmf } from './fightDeaths.js';
import { inspiringUnits } from '../assault/resultRules.js';
import { ANY_KIND, FIGHT_MASK_UNITS, FM_ROW, MIXED_KINDS, STAGED_MASK_UNITS, U_BREAK_WEIGHT, U_FLAGS, U_KILL, U_STRIDE } from './layout.js';

/**
 * What the tables read of the plan being compiled (`AssaultPlan`, which passes itself): its
 * packed units, the groups' hit codes, the kinds of hit and the save chances by kind.
 */
export interface CompiledSoFar {
  readonly nUnits: number;
  readonly byCounts: boolean;
  readonly U: Int32Array;
  readonly gCode: Int32Array;
  readonly rangeKind: Int32Array;
  readonly kindMacro: Uint8Array;
  readonly saveChance: Float64Array;
}

/** The first round's death tables (`AssaultPlan.fightByMasks` to `fmPoints`); their thresholds and guide tables go on the ends of `cdf` and `guide`. */
export interface DeathTables {
  fightByMasks: boolean;
  supportFolded: boolean;
  fmCdf: Int32Array;
  fmEntry: Int32Array;
  fmGuide: Int32Array;
  fmShift: Int32Array;
  fmFormStart: Int32Array;
  fmFormCount: Int32Array;
  fmPointsAt: Int32Array;
  forms: number[];
  data: number[];
  points: number[];
}

/**
 * The first round's fight by masks (`AssaultPlan.fightByMasks`): each side's
 * deaths over its allocation order, the defenders' supporting fire folded in
 * when it can be, and every table's rows. `plan` already holds the groups'
 * hit codes, the save chances by kind of hit and the packed units;
 * `groupKind` is a group's kind by counts, `groupPmf` its hit-count
 * distribution.
 */
export function compileDeathTables(plan: CompiledSoFar, p: PlanGroups & { readonly e: Engagement }, groupKind: (g: number) => number, groupPmf: number[][], cdf: number[], guide: number[]): DeathTables {
  const e = p.e;
  const n = plan.nUnits;
  const sides = [0, 1];
  // The first round's fight by masks: each side's deaths over its allocation order (null: no hit reaches
  // the side; undefined: the side's fight cannot be drawn at once).
  const fightPmf = sides.map((side) => {
    if (!plan.byCounts || p.fsEnd > 0) return undefined;
    const units = p.order[side]!;
    const groups = range(p.mainEnd).filter((g) => (plan.gCode[g]! & 1) === side);
    const kinds = [...new Set(groups.map(groupKind))].sort((a, b) => plan.kindMacro[a]! - plan.kindMacro[b]!);
    const saves = (kind: number) => units.map((u) => plan.saveChance[kind * n + u]!);
    const hits = (kind: number) => groups.filter((g) => groupKind(g) === kind).reduce<number[]>((sum, g) => sumOfCounts(sum, groupPmf[g]!), [1]);
    if (kinds.length === 0) return null;
    if (kinds.length === 1 && units.length <= FIGHT_MASK_UNITS) return fightDeathPmf(hits(kinds[0]!), saves(kinds[0]!));
    // RB 2.2.6: macro-weapon hits go to the survivors of the others, a second stage.
    const [others, macro] = kinds;
    if (kinds.length === 2 && plan.kindMacro[others!] === 0 && plan.kindMacro[macro!] === 1 && units.length <= STAGED_MASK_UNITS) {
      return laterStageDeathPmf(fightDeathPmf(hits(others!), saves(others!)), [{ pmf: hits(macro!), near: 2 ** units.length - 1 }], saves(macro!));
    }
    return undefined;
  });
  const fightByMasks = fightPmf.every((t) => t !== undefined);
  // The supporting fire on the defence folded in: none at the attackers, one kind at the defenders.
  const supportAt = (side: number) => range(p.supportEnd - p.mainEnd).some((i) => (plan.gCode[p.mainEnd + i]! & 1) === side);
  const supportKind = supportAt(1) ? plan.rangeKind[p.mainEnd * 2 + 1]! : ANY_KIND;
  const inOrder = range(p.supportEnd - p.mainEnd).every((i) => p.groups[p.mainEnd + i]!.near.every((u) => p.order[1]!.includes(u)));
  const supportFolded =
    fightByMasks && !supportAt(0) && supportAt(1) && supportKind !== MIXED_KINDS && p.order[1]!.length <= STAGED_MASK_UNITS && inOrder;
  const tables: Array<Float64Array | null> = [fightPmf[0] ?? null, fightPmf[1] ?? null, null];
  if (supportFolded) {
    const units = p.order[1]!;
    const fire = range(p.supportEnd - p.mainEnd).map((i) => {
      const g = p.groups[p.mainEnd + i]!;
      return { pmf: groupPmf[p.mainEnd + i]!, near: g.near.reduce((mask, u) => mask | (1 << units.indexOf(u)), 0) };
    });
    // No hit in the fight: no deaths before the supporting fire.
    const untouched = fightDeathPmf([1], units.map(() => 0));
    tables[2] = laterStageDeathPmf(tables[1] ?? untouched, fire, units.map((u) => plan.saveChance[supportKind * n + u]!));
  }
  const fmCdf = new Int32Array(3).fill(-1);
  const fmEntry = new Int32Array(3);
  const fmGuide = new Int32Array(3);
  const fmShift = new Int32Array(3);
  const fmFormStart = new Int32Array(3);
  const fmFormCount = new Int32Array(3);
  const fmPointsAt = new Int32Array(3);
  const forms: number[] = [];
  const data: number[] = [];
  const points: number[] = [];
  if (fightByMasks) {
    tables.forEach((pmf, t) => {
      if (pmf === null) return;
      const order = p.order[t === 0 ? 0 : 1]!;
      const formations = [...new Set(order.map((u) => e.uFormation[u]!))];
      const column = order.map((u) => formations.indexOf(e.uFormation[u]!));
      const K = formations.length;
      fmFormStart[t] = forms.length;
      fmFormCount[t] = K;
      forms.push(...formations);
      fmEntry[t] = data.length;
      fmPointsAt[t] = points.length;
      // Every mask's row from the row without its lowest unit: one unit's columns added per mask.
      const width = FM_ROW + 2 * K;
      const rows = new Int32Array(pmf.length * width);
      const rowPoints = new Float64Array(pmf.length * K);
      const probabilities: number[] = [];
      for (let mask = 0; mask < pmf.length; mask++) {
        if (mask > 0) {
          const i = 31 - Math.clz32(mask & -mask);
          const u = order[i]!;
          const from = (mask & (mask - 1)) * width;
          const to = mask * width;
          for (let c = 0; c < width; c++) rows[to + c] = rows[from + c]!;
          for (let j = 0; j < K; j++) rowPoints[mask * K + j] = rowPoints[(mask & (mask - 1)) * K + j]!;
          rows[to + 1]!++;
          rows[to + 2]! += plan.U[u * U_STRIDE + U_KILL]!;
          rows[to + 3]! += inspiringUnits(plan.U[u * U_STRIDE + U_FLAGS]!);
          rows[to + FM_ROW + 2 * column[i]!]!++;
          rows[to + FM_ROW + 2 * column[i]! + 1]! += plan.U[u * U_STRIDE + U_BREAK_WEIGHT]!;
          rowPoints[mask * K + column[i]!]! += e.uPoints[u]!;
        }
        rows[mask * width] = mask;
        if (pmf[mask] === 0) continue;
        probabilities.push(pmf[mask]!);
        for (let c = 0; c < width; c++) data.push(rows[mask * width + c]!);
        for (let j = 0; j < K; j++) points.push(rowPoints[mask * K + j]!);
      }
      const thresholds = cumulativeThresholds(probabilities);
      const bits = Math.max(1, Math.ceil(Math.log2(probabilities.length)) + 1);
      fmCdf[t] = cdf.length;
      cdf.push(...thresholds);
      fmGuide[t] = guide.length;
      guide.push(...guideTable(thresholds, bits));
      fmShift[t] = 32 - bits;
    });
  }
  return { fightByMasks, supportFolded, fmCdf, fmEntry, fmGuide, fmShift, fmFormStart, fmFormCount, fmPointsAt, forms, data, points };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
