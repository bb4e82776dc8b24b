import type { FlyingKind } from '../../model/flyingKind.js';
import type { HeldOutValidation } from './heldOutValidation.js';
import type { PredictionFigures } from './predictionFigures.js';

/** The issue's targets for the ground figures (issue 32): what a cost-free valuation should reach on held-out lists. */
const TARGETS = 'targets (ground): Spearman >= 0.90 and above the baseline, within ±25% >= 80% and above the baseline, list CV <= 0.15, offset <= 1.25x, the simulation adding >= +0.03 to the baseline\'s Spearman';

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : 'n/a');
const signed = (x: number, digits: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(digits)}` : 'n/a');
const points = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : '∞');

/** One predictor's figures on one kind, in the columns of heldOutLines' table. */
export function figureCells(f: PredictionFigures): string[] {
  return [`${f.formations}${f.unpredicted > 0 ? `+${f.unpredicted}` : ''}`, f2(f.spearman), f2(f.spearmanWithoutWarEngines), pct(f.within25), f2(f.listCvMedian), `${f2(f.listOffset)}x`];
}

/**
 * The held-out validation as text lines: how it was fitted, a table of every
 * predictor's figures by kind with the baseline's first (so each figure stands
 * beside the one it must beat), what the simulation adds to the baseline, and
 * the blind spots by role. The audit's text, its HTML report and its
 * validation CSV all print these lines.
 */
export function heldOutLines(h: HeldOutValidation | { notRun: string }): string[] {
  if ('notRun' in h) return [`Not run: ${h.notRun}.`];
  const head = ['formations', 'Spearman', 'w/o WE', '±25%', 'list CV', 'offset'];
  const widths = [11, 9, 8, 6, 8, 8];
  const row = (label: string, cells: string[]) => `${label.padEnd(52)}${cells.map((c, i) => c.padStart(widths[i]!)).join('')}`;
  const weights = Object.entries(h.sceneWeights).map(([id, [m, lo, hi]]) => `${id} ${f2(m)} (${f2(lo)}-${f2(hi)})`).join(', ');
  const lines = [
    ...h.method,
    `Ridge penalty chosen: baseline λ median ${h.lambda.baseline[0]} (${h.lambda.baseline[1]} to ${h.lambda.baseline[2]}); with the simulation ${h.lambda.withSimulation[0]} (${h.lambda.withSimulation[1]} to ${h.lambda.withSimulation[2]}).`,
    `Ground scene weights fitted with each list held out, median (range): ${weights}.`,
    row('predictor (every fit leave-one-list-out)', head),
  ];
  for (const kind of ['ground', 'aircraft', 'spacecraft'] as FlyingKind[]) {
    if (h.predictors.every((p) => p.figures[kind] === undefined)) continue;
    lines.push(`${kind}:`);
    for (const p of h.predictors) {
      const f = p.figures[kind];
      if (f !== undefined) lines.push(row(`  ${p.label}`, figureCells(f)));
    }
  }
  lines.push('(formations: predicted, +those the predictor gave no finite cost; w/o WE: Spearman without war engines; list CV: median within-list CV of predicted ÷ cost; offset: largest list median of predicted ÷ cost over the smallest)');
  const a = h.simulationAdds;
  lines.push(`What the simulation adds to the baseline (ground): Spearman ${signed(a.spearman, 2)}, without war engines ${signed(a.spearmanWithoutWarEngines, 2)}, within ±25% ${signed(100 * a.within25, 0)} points.`);
  lines.push(TARGETS + '.');
  lines.push('Blind spots: the scaled simulation ÷ the baseline by role (formationRole.ts), furthest apart first; "nearer" is the share whose simulated cost is nearer its cost than the baseline\'s; "against cost" is each one\'s median ÷ cost and share within ±25%, which says which of the two is off; "most apart" counts the role among the quarter of formations where the two disagree most:');
  for (const b of h.blindSpots) {
    const examples = b.examples.map((e) => `${e.text} (cost ${e.cost}: simulation ${points(e.simulation)}, baseline ${points(e.baseline)})`).join('; ');
    lines.push(`  ${b.role} (${b.formations}): simulation ÷ baseline ${f2(b.simulationOverBaseline)}x, nearer ${pct(b.simulationNearer)}, against cost: simulation ${f2(b.againstCost.simulation)}x, ${pct(b.againstCost.simulationWithin25)} within ±25%, baseline ${f2(b.againstCost.baseline)}x, ${pct(b.againstCost.baselineWithin25)}; most apart ${b.mostApart.higher} higher and ${b.mostApart.lower} lower; e.g. ${examples}`);
  }
  return lines;
}
