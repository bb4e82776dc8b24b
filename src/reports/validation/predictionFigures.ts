import type { FlyingKind } from '../../model/flyingKind.js';
import { listFigures } from '../audit/auditValidation.js';

/** One formation's cost and what a predictor says it should cost. */
export interface PredictedCost {
  army: string;
  kind: FlyingKind;
  warEngine: boolean;
  cost: number;
  predicted: number;
}

/** The figures the issue judges a predictor of cost by, on one kind of formation. */
export interface PredictionFigures {
  /** Formations with a finite, positive prediction (the others are counted in `unpredicted`). */
  formations: number;
  unpredicted: number;
  spearman: number;
  spearmanWithoutWarEngines: number;
  /** Share whose prediction is within ±25% of the cost. */
  within25: number;
  /** Median over lists of 3 formations or more of the coefficient of variation of predicted ÷ cost. */
  listCvMedian: number;
  /** The largest list median of predicted ÷ cost over the smallest. */
  listOffset: number;
}

/**
 * A predictor's figures by kind (ground, aircraft, spacecraft), each as the
 * audit's validation defines it (auditValidation.ts listFigures) with the
 * prediction in place of the fair cost: Spearman's ρ of cost and prediction
 * (average ranks for ties), with and without war engines; the share with
 * 0.75·cost ≤ prediction ≤ 1.25·cost; the median within-list CV of
 * prediction ÷ cost; and max/min over lists of the median prediction ÷ cost.
 */
export function predictionFigures(rows: readonly PredictedCost[]): Partial<Record<FlyingKind, PredictionFigures>> {
  const out: Partial<Record<FlyingKind, PredictionFigures>> = {};
  for (const kind of ['ground', 'aircraft', 'spacecraft'] as const) {
    const of = rows.filter((r) => r.kind === kind);
    if (of.length === 0) continue;
    const ok = of.filter((r) => Number.isFinite(r.predicted) && r.predicted > 0);
    const f = listFigures(ok.map((r) => ({ army: r.army, cost: r.cost, fairCost: r.predicted, warEngine: r.warEngine, alternatives: [], fullySimulated: true })));
    out[kind] = {
      formations: ok.length,
      unpredicted: of.length - ok.length,
      spearman: f.pooled.spearman,
      spearmanWithoutWarEngines: f.withoutWarEngines.spearman,
      within25: f.pooled.within25,
      listCvMedian: f.listCvMedian,
      listOffset: f.listOffset,
    };
  }
  return out;
}
