import { coefficientOfVariation } from '../../stats/coefficientOfVariation.js';
import { medianOf } from '../../stats/medianOf.js';
import { spearmanCorrelation } from '../../stats/spearmanCorrelation.js';
import { halfLists } from './fitMix.js';

/**
 * The audit's validation against the data set's own costs (for the Tournament
 * Pack, the result of years of play-testing). Nothing of the battle is fitted
 * to these costs, so every figure is out of sample.
 */

export interface ValidationInput {
  army: string;
  cost: number;
  fairCost: number;
  warEngine: boolean;
  /** Fair cost under each alternative mix, in the battle's order. */
  alternatives: number[];
  fullySimulated: boolean;
}

export interface SubsetFigures {
  formations: number;
  spearman: number;
  /** Share of formations whose fair cost is within ±25% of their cost. */
  within25: number;
}

/** How aircraft or spacecraft formations' fair costs compare with their costs, next to the ground formations'. */
export interface KindFigures extends SubsetFigures {
  /** Median fair cost ÷ cost. */
  medianValuePerPoint: number;
  /** That median ÷ the ground formations' median: 1 when the battle prices the kind on the ground formations' scale. */
  relativeToGround: number;
  /** Share within ±25% of their cost once scaled by their list's ground median, as the audit's rows are (listFairCost). */
  withinList25: number;
}

/** The figures of one kind of formation (aircraft, spacecraft), judged on the ground formations' scale. */
export function kindFigures(rows: ValidationInput[], groundMedians: Record<string, number>, groundMedian: number): KindFigures {
  const ok = rows.filter(finite);
  const vpp = ok.map((r) => r.fairCost / r.cost);
  const median = ok.length ? medianOf(vpp) : NaN;
  const scaled = ok.filter((r) => groundMedians[r.army] !== undefined).map((r) => r.fairCost / r.cost / groundMedians[r.army]!);
  return {
    ...subset(rows),
    medianValuePerPoint: median,
    relativeToGround: median / groundMedian,
    withinList25: scaled.length === 0 ? NaN : scaled.filter((x) => x >= 0.75 && x <= 1.25).length / scaled.length,
  };
}

export interface Validation {
  pooled: SubsetFigures;
  withoutWarEngines: SubsetFigures;
  /** Only formations with no rule the simulator does not model. */
  fullySimulated: SubsetFigures;
  /** Coefficient of variation of value per point (fair cost ÷ cost) inside each list of at least 3 audited formations. */
  listCv: Record<string, number>;
  listCvMedian: number;
  listCvMax: number;
  /** Median value per point of each list, and the largest over the smallest. */
  listMedians: Record<string, number>;
  listOffset: number;
  /** Spearman of value per point under the battle's mix against each alternative mix; the smallest. */
  mixAgreement: Record<string, number>;
  mixAgreementMin: number;
  /**
   * The same figures on two halves of the lists (alternate lists in id order):
   * a change to the battle made after seeing one audit should move both the
   * same way, or it was fitted to noise.
   */
  halves: Array<{ lists: string[]; pooled: SubsetFigures; withoutWarEngines: SubsetFigures; listCvMedian: number; listOffset: number }>;
  /** What of the battle was fitted to these costs; when its weights were, halves[0] is the half they were fitted on and halves[1] the held-out half. */
  fitted: string;
  /** Aircraft and spacecraft, judged apart: every figure above is of ground formations. */
  aircraft?: KindFigures;
  spacecraft?: KindFigures;
}

const finite = (v: ValidationInput) => Number.isFinite(v.fairCost) && v.cost > 0;

function subset(rows: ValidationInput[]): SubsetFigures {
  const ok = rows.filter(finite);
  return {
    formations: ok.length,
    spearman: spearmanCorrelation(ok.map((r) => r.cost), ok.map((r) => r.fairCost)),
    within25: ok.length === 0 ? NaN : ok.filter((r) => r.fairCost >= 0.75 * r.cost && r.fairCost <= 1.25 * r.cost).length / ok.length,
  };
}

function byList(rows: ValidationInput[]): Map<string, ValidationInput[]> {
  const m = new Map<string, ValidationInput[]>();
  for (const r of rows.filter(finite)) m.set(r.army, [...(m.get(r.army) ?? []), r]);
  return m;
}

/** The figures that do not need the alternative mixes, on a subset of the lists. */
export function listFigures(rows: ValidationInput[]) {
  const lists = byList(rows);
  const cvs: number[] = [];
  const medians: number[] = [];
  for (const rs of lists.values()) {
    const vpp = rs.map((r) => r.fairCost / r.cost);
    medians.push(medianOf(vpp));
    if (rs.length >= 3) cvs.push(coefficientOfVariation(vpp));
  }
  return {
    lists: [...lists.keys()],
    pooled: subset(rows),
    withoutWarEngines: subset(rows.filter((r) => !r.warEngine)),
    listCvMedian: medianOf(cvs),
    listOffset: medians.length ? Math.max(...medians) / Math.min(...medians) : NaN,
  };
}

export function validate(rows: ValidationInput[], alternativeIds: string[], fittedOn?: { lists: string[]; command: string }, fittedElsewhere?: string): Validation {
  const lists = byList(rows);
  const armies = rows.map((r) => r.army);
  const inSample = fittedOn === undefined ? null : new Set(fittedOn.lists);
  const listCv: Record<string, number> = {};
  const listMedians: Record<string, number> = {};
  for (const [army, rs] of lists) {
    const vpp = rs.map((r) => r.fairCost / r.cost);
    listMedians[army] = medianOf(vpp);
    if (rs.length >= 3) listCv[army] = coefficientOfVariation(vpp);
  }
  const cvs = Object.values(listCv);
  const medians = Object.values(listMedians);
  const ok = rows.filter((r) => finite(r) && r.alternatives.every(Number.isFinite));
  const mixAgreement: Record<string, number> = {};
  alternativeIds.forEach((id, a) => {
    mixAgreement[id] = spearmanCorrelation(ok.map((r) => r.fairCost / r.cost), ok.map((r) => r.alternatives[a]! / r.cost));
  });
  return {
    pooled: subset(rows),
    withoutWarEngines: subset(rows.filter((r) => !r.warEngine)),
    fullySimulated: subset(rows.filter((r) => r.fullySimulated)),
    listCv,
    listCvMedian: medianOf(cvs),
    listCvMax: cvs.length ? Math.max(...cvs) : NaN,
    listMedians,
    listOffset: medians.length ? Math.max(...medians) / Math.min(...medians) : NaN,
    mixAgreement,
    mixAgreementMin: Object.values(mixAgreement).length ? Math.min(...Object.values(mixAgreement)) : NaN,
    halves:
      inSample === null
        ? (['A', 'B'] as const).map((h) => {
            const half = halfLists(armies, h);
            return listFigures(rows.filter((r) => half.has(r.army)));
          })
        : [listFigures(rows.filter((r) => inSample.has(r.army))), listFigures(rows.filter((r) => !inSample.has(r.army)))],
    fitted:
      fittedOn === undefined
        ? fittedElsewhere !== undefined
          ? `nothing of these costs (the scene weights were fitted to ${fittedElsewhere}, another data set), so no figure here is in-sample`
          : 'nothing: every weight and credit of the battle is set by the reasoning written beside it, so no figure here is in-sample'
        : `the scene weights, on ${fittedOn.lists.length} of these lists (${fittedOn.command}): the second half's figures are the out-of-sample ones`,
  };
}
