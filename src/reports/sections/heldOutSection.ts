import type { FlyingKind } from '../../model/flyingKind.js';
import type { ReportSection } from '../report.js';
import { heldOutLines } from '../validation/heldOutLines.js';
import type { HeldOutValidation, PredictorId } from '../validation/heldOutValidation.js';
import type { PredictionFigures } from '../validation/predictionFigures.js';

export const HELD_OUT_COLUMNS = ['predictor', 'kind', 'measure', 'value', 'baseline'];
export const HELD_OUT_PREDICTION_COLUMNS = ['army', 'formation', 'kind', 'formation_role', 'cost', 'predictor', 'value'];

const MEASURES: Array<[string, keyof PredictionFigures]> = [
  ['formations', 'formations'],
  ['spearman', 'spearman'],
  ['spearman_without_war_engines', 'spearmanWithoutWarEngines'],
  ['within_25', 'within25'],
  ['list_cv_median', 'listCvMedian'],
  ['list_offset', 'listOffset'],
];

/**
 * The audit report's "Validation (held-out lists)" section: the lines of
 * heldOutLines.ts as its summary, each predictor's figures beside the
 * baseline's (audit-held-out.csv) and every formation's held-out predictions
 * (audit-held-out-predictions.csv).
 */
export function heldOutSection(h: HeldOutValidation | { notRun: string }): ReportSection {
  const figures = 'notRun' in h ? [] : h.predictors.flatMap((p) =>
    (['ground', 'aircraft', 'spacecraft'] as FlyingKind[]).flatMap((kind) => {
      const f = p.figures[kind];
      const base = h.predictors.find((b) => b.id === 'baseline')!.figures[kind];
      return f === undefined ? [] : MEASURES.map(([measure, key]) => ({ predictor: p.id, kind, measure, value: f[key], baseline: base?.[key] ?? null }));
    }),
  );
  const ids: PredictorId[] = ['baseline', 'simulation', 'simulation-scaled', 'baseline-with-simulation'];
  const predictions = 'notRun' in h ? [] : h.predictions.flatMap((r) => ids.map((id) => ({ army: r.army, formation: r.text.slice(r.text.indexOf('/') + 1), kind: r.kind, formation_role: r.role, cost: r.cost, predictor: id, value: r[id] })));
  return {
    id: 'audit-held-out',
    title: 'Validation (held-out lists)',
    definitions: [
      'Protocol: leave-one-list-out. Every parameter fitted to costs (the ridge regression and its penalty, the scene weights, the line that turns a fair cost into points) is fitted with the predicted list left out.',
      'Baseline: a ridge regression of log cost on datasheet features alone; each predictor\'s figures stand beside the baseline\'s (the baseline column of audit-held-out.csv).',
      'Spearman: rank correlation of cost and prediction; ±25%: share predicted within 25% of cost; list CV: median within-list coefficient of variation of predicted ÷ cost; offset: largest list median of predicted ÷ cost over the smallest.',
    ],
    summary: heldOutLines(h),
    tables: [
      { name: 'audit-held-out', columns: HELD_OUT_COLUMNS, rows: figures },
      { name: 'audit-held-out-predictions', columns: HELD_OUT_PREDICTION_COLUMNS, rows: predictions },
    ],
    charts: [],
  };
}
