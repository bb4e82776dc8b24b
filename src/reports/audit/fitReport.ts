import type { Battle } from '../../model/battle.js';
import { mixWeights } from '../../model/battle.js';
import { mixFairCost } from '../value/fixedPointValue.js';
import type { FormationValue } from '../value/formationValue.js';
import type { ParityMetric } from '../value/parityCost.js';
import type { AuditEntry } from './auditEntries.js';
import { listFigures } from './auditValidation.js';
import { fitMix, halfLists, type FitRow } from './fitMix.js';

/** `audit --fit A|B`: the mix fitted on one half of the lists and both mixes judged on the other. */
export interface FitReport {
  half: 'A' | 'B';
  fittedOn: string[];
  judgedOn: string[];
  weights: Record<string, number>;
  lossBefore: number;
  lossAfter: number;
  /** The held-out half's figures under the battle's own mix and under the fitted one. */
  heldOut: { battle: ReturnType<typeof listFigures>; fitted: ReturnType<typeof listFigures> };
}

export function fitReport(entries: AuditEntry[], values: FormationValue[], battle: Battle, metric: ParityMetric, half: 'A' | 'B'): FitReport {
  const audited = entries.filter((e) => e.spec !== undefined);
  // Each formation as fielded by default, as the validation judges it; its options stay out of the fit.
  const rows: Array<FitRow & { warEngine: boolean; unsupported: number }> = audited.flatMap((e, i) =>
    // The fit is of the ground formations' scenes: aircraft and spacecraft play scenes of their own, whose weights are reasoned.
    e.variantOf !== undefined || (e.kind ?? 'ground') !== 'ground' ? [] : [{ army: e.army, cost: e.cost!, model: values[i]!.model, warEngine: e.warEngine, unsupported: e.unsupported.length }],
  );
  const fitLists = halfLists(rows.map((r) => r.army), half);
  const fit = fitMix(rows.filter((r) => fitLists.has(r.army)), battle, metric);
  const base = mixWeights(battle, null);
  const judged = rows.filter((r) => !fitLists.has(r.army));
  const figures = (w: number[]) => listFigures(judged.map((r) => ({ army: r.army, cost: r.cost, fairCost: mixFairCost({ model: r.model, metric }, w), warEngine: r.warEngine, alternatives: [], fullySimulated: r.unsupported === 0 })));
  return {
    half,
    fittedOn: [...fitLists].sort(),
    judgedOn: [...new Set(judged.map((r) => r.army))].sort(),
    weights: Object.fromEntries(battle.scenes.map((s, i) => [s.id, fit.weights[i]!])),
    lossBefore: fit.startLoss,
    lossAfter: fit.loss,
    heldOut: { battle: figures(base), fitted: figures(fit.weights) },
  };
}

/** A battle file with the fitted weights, saying where they came from. */
export function fittedBattle(battle: Battle, fit: FitReport, dataId: string): Battle {
  return {
    ...battle,
    name: `${battle.name}-fitted-${fit.half.toLowerCase()}`,
    title: `${battle.title} (weights fitted to ${dataId}, half ${fit.half})`,
    scenes: battle.scenes.map((s) => ({
      ...s,
      weight: Number(fit.weights[s.id]!.toFixed(4)),
      why: `Fitted by \`epic-balance audit --fit ${fit.half}\` to the costs of ${fit.fittedOn.length} lists of ${dataId} (half ${fit.half}); the reference battle's reason: ${s.why}`,
    })),
  };
}

export function fitLines(fit: FitReport): string[] {
  const f = (h: ReturnType<typeof listFigures>) => `Spearman ${h.pooled.spearman.toFixed(2)}, without war engines ${h.withoutWarEngines.spearman.toFixed(2)}, within ±25% ${(100 * h.pooled.within25).toFixed(0)}%, list CV ${h.listCvMedian.toFixed(2)}, offset ${h.listOffset.toFixed(2)}x`;
  return [
    `Mix fitted on half ${fit.half} (${fit.fittedOn.length} lists): mean log² of fair cost ÷ cost ${fit.lossBefore.toFixed(3)} -> ${fit.lossAfter.toFixed(3)}`,
    `  fitted weights: ${Object.entries(fit.weights).map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', ')}`,
    `Judged on the other half (${fit.judgedOn.length} lists):`,
    `  the battle's mix:  ${f(fit.heldOut.battle)}`,
    `  the fitted mix:    ${f(fit.heldOut.fitted)}`,
  ];
}
