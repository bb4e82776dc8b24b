import { barChart, type BarRow } from '../charts/barChart.js';
import { shortName, type ChartContext } from '../charts/frame.js';
import { fairCostChart } from '../charts/fairCostChart.js';
import type { CsvRow } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { describeEngagement, type EngagementSettings } from '../engagementKinds.js';
import { FAIR_COST_DEFINITIONS, type Estimate, type FairCostResult } from '../fairCost.js';
import type { ReportSection } from '../report.js';

export const FAIR_COST_COLUMNS = ['formation', 'metric', 'measure', 'value', 'ci95_low', 'ci95_high'];
export const FAIR_COST_CURVE_COLUMNS = ['formation', 'metric', 'cost', 'measure', 'value', 'ci95_low', 'ci95_high'];
export const FAIR_COST_OPPONENT_COLUMNS = ['formation', 'opponent', 'opponent_points', 'measure', 'value', 'ci95_low', 'ci95_high'];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pts = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : 'unbounded');

/** "fair 240 to 262", or what can be said when the interval is unbounded. */
export function fairRange(e: Estimate): string {
  const [lo, hi] = e.ci95;
  if (Number.isFinite(hi)) return `fair ${pts(lo)} to ${pts(hi)}`;
  if (!Number.isFinite(e.estimate)) return 'no finite fair cost (the other side of the ratio never scored: no points lost or no wins in any trial)';
  return `fair at least ${pts(lo)} (no upper bound: the other side of the ratio cannot be told from 0)`;
}

/** "Warhound: costs 275, fair 240 to 262": the headline of a fair-cost run. */
export function fairCostHeadline(r: FairCostResult): string {
  const cost = r.currentCost !== null ? `costs ${r.currentCost}` : 'no army-list cost';
  const against = `${r.metric} parity against ${r.opponents.length} opponent${r.opponents.length === 1 ? '' : 's'}`;
  return `${r.formation}: ${cost}, ${fairRange(r.fairCost)} (${Number.isFinite(r.fairCost.estimate) ? `estimate ${pts(r.fairCost.estimate)}, ` : ''}${against})`;
}

/**
 * The fair-cost report: the headline, every metric solved from the same
 * runs, the curve of the chosen metric, and each opponent's breakdown.
 */
/** `description`: the engagement in words when another rule system stages it (default: describeEngagement's NetEA words). */
export function fairCostSection(r: FairCostResult, engagement: EngagementSettings, ctx: ChartContext, description?: string): ReportSection {
  const est = (measure: string, e: Estimate, metric: string = r.metric): CsvRow => ({ formation: r.formation, metric, measure, value: e.estimate, ci95_low: e.ci95[0], ci95_high: e.ci95[1] });
  const summary: CsvRow[] = [];
  if (r.currentCost !== null) summary.push({ formation: r.formation, metric: null, measure: 'current_cost', value: r.currentCost, ci95_low: null, ci95_high: null });
  summary.push({ formation: r.formation, metric: null, measure: 'mean_opponent_cost', value: r.meanOpponentCost, ci95_low: null, ci95_high: null });
  for (const m of r.byMetric) {
    summary.push(est('fair_cost', m.fairCost, m.metric));
    if (m.balanceAtCurrent) summary.push(est('balance_at_current_cost', m.balanceAtCurrent, m.metric));
  }
  const solvable = Number.isFinite(r.constant.estimate) && r.constant.estimate > 0;
  const curve: CsvRow[] = (solvable ? r.curve : []).map((p) => ({ formation: r.formation, metric: r.metric, cost: p.cost, measure: 'balance_ratio', value: p.balance, ci95_low: p.low, ci95_high: p.high }));
  const opponents: CsvRow[] = [];
  const bars: BarRow[] = [];
  for (const o of r.opponents) {
    const put = (measure: string, e: Estimate) => opponents.push({ formation: r.formation, opponent: o.name, opponent_points: o.points, measure, value: e.estimate, ci95_low: e.ci95[0], ci95_high: e.ci95[1] });
    put('points_destroyed_mean', o.pointsDestroyed);
    put('points_lost_mean', o.pointsLost);
    put('formation_points_destroyed_per_100', o.formationPer100);
    put('opponent_points_destroyed_per_100', o.opponentPer100);
    put('p_formation_wins', o.formationWins);
    put('p_opponent_wins', o.opponentWins);
    const label = shortName(`${o.name} (${o.points})`, 60);
    bars.push({ label, group: shortName(r.formation, 40), value: o.formationPer100.estimate, ci95_low: o.formationPer100.ci95[0], ci95_high: o.formationPer100.ci95[1] });
    bars.push({ label, group: 'the opponent', value: o.opponentPer100.estimate, ci95_low: o.opponentPer100.ci95[0], ci95_high: o.opponentPer100.ci95[1] });
  }
  const others = r.byMetric
    .filter((m) => m.metric !== r.metric)
    .map((m) => `${m.metric} parity: ${fairRange(m.fairCost)}${Number.isFinite(m.fairCost.estimate) ? ` (estimate ${pts(m.fairCost.estimate)})` : ''}`);
  const who = `${r.opponents.length} opponent${r.opponents.length === 1 ? '' : 's'} (mean cost ${pts(r.meanOpponentCost)})`;
  const how = `${capitalise(description ?? describeEngagement(engagement))}; each opponent met twice, each side acting once; ${r.trialsPerMeeting.toLocaleString('en')} trials per meeting`;
  return {
    id: 'fair-cost',
    title: 'Fair cost',
    definitions: [DEFINITIONS.fairCost, ...Object.values(FAIR_COST_DEFINITIONS), 'Balance ratio: the formation\'s measure over the opponents\' at a given cost; 1 is parity, above 1 the formation is worth more than that cost.'],
    summary: [fairCostHeadline(r), ...others, `Against ${who}. ${how}.`],
    tables: [
      { name: 'fair-cost', columns: FAIR_COST_COLUMNS, rows: summary },
      { name: 'fair-cost-curve', columns: FAIR_COST_CURVE_COLUMNS, rows: curve },
      { name: 'fair-cost-opponents', columns: FAIR_COST_OPPONENT_COLUMNS, rows: opponents },
    ],
    charts: [
      // No curve to draw when one side of the ratio never scored (K is 0 or infinite).
      ...(!solvable ? [] : [{
        name: 'fair-cost',
        spec: fairCostChart(
          { curve: r.curve, currentCost: r.currentCost, fair: { estimate: r.fairCost.estimate, low: r.fairCost.ci95[0], high: r.fairCost.ci95[1] }, metric: r.metric },
          `Fair cost of ${r.formation}: ${Number.isFinite(r.fairCost.ci95[1]) ? `${pts(r.fairCost.ci95[0])} to ${pts(r.fairCost.ci95[1])}` : fairRange(r.fairCost).replace(/^fair /, '')}${r.currentCost !== null ? ` (costs ${r.currentCost})` : ''}`,
          [FAIR_COST_DEFINITIONS[r.metric], `Against ${who}. ${how}.`],
          ctx,
        ),
      }]),
      {
        name: 'fair-cost-opponents',
        spec: barChart(bars, {
          title: 'Points efficiency by opponent',
          subtitle: [`Points each side destroys per 100 points of its own cost, at the formation's ${r.currentCost !== null ? 'current' : 'nominal'} cost of ${r.runCost}`, how],
          axisTitle: 'Points destroyed per 100 points spent (points)',
          format: '.1f',
          groupTitle: 'Destroyed by',
        }, ctx),
      },
    ],
  };
}
