import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { SimulationResult } from '../../run/simulate.js';
import { barChart, type BarRow } from '../charts/barChart.js';
import { shortName, type ChartContext } from '../charts/frame.js';
import type { CsvRow } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { pointsEfficiency } from '../metrics/pointsEfficiency.js';
import type { Moments } from '../../run/moments.js';
import { num } from '../format.js';
import type { ReportSection } from '../report.js';
import { formationNames } from './names.js';

export const EFFICIENCY_COLUMNS = ['side', 'formations', 'points', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'];


/**
 * Points efficiency of each acting side at the end of the script, and the
 * exchange ratio when both sides act. Pass the moments of the sides' points
 * lost (simulateWithMoments with sidePointsVariables) for a measured covariance.
 */
export function efficiencySection(spec: ScenarioSpec, result: SimulationResult, ctx: ChartContext, moments?: Moments): ReportSection | null {
  const sides = pointsEfficiency(spec, result.tally, result.layout, moments);
  if (sides.length === 0) return null;
  const names = formationNames(spec);
  const rows: CsvRow[] = [];
  const bars: BarRow[] = [];
  const summary: string[] = [];
  const notes = new Set<string>();
  for (const s of sides) {
    const who = s.acting.map((f) => names[f]!).join(' + ');
    const key = { side: s.side, formations: who, points: s.points };
    const missing = s.points === null ? 'an acting formation has no points cost' : s.pointsDestroyed === null ? 'an enemy formation has no points cost' : null;
    const push = (measure: string, m: { mean: number; ci95: [number, number] } | null, note: string | null) =>
      rows.push({ ...key, measure, value: m ? m.mean : null, ci95_low: m ? m.ci95[0] : null, ci95_high: m ? m.ci95[1] : null, note: m ? note : missing });
    push('points_destroyed_mean', s.pointsDestroyed, null);
    push('points_destroyed_per_100', s.per100, null);
    push('points_lost_mean', s.pointsLost, null);
    if (s.exchangeRatio) {
      const r = s.exchangeRatio;
      const note = r.covariance === 'measured' ? 'Fieller, measured covariance' : 'Fieller, covariance bounded (conservative)';
      rows.push({ ...key, measure: 'exchange_ratio', value: r.estimate, ci95_low: r.ci95[0], ci95_high: r.ci95[1], note });
      if (r.covariance === 'bound') notes.add('Exchange-ratio intervals are conservative: the run did not record the per-trial covariance of points destroyed and lost, so the interval takes the worst case.');
    }
    if (s.per100) {
      bars.push({ label: shortName(who, 64), group: 'points destroyed per 100 points', value: s.per100.mean, ci95_low: s.per100.ci95[0], ci95_high: s.per100.ci95[1] });
      summary.push(
        `${who}${s.points !== null ? ` (${s.points} points)` : ''}: destroys ${num(s.per100.mean)} points per 100 points (${num(s.per100.ci95[0])} to ${num(s.per100.ci95[1])})` +
          (s.exchangeRatio ? `; exchange ratio ${num(s.exchangeRatio.estimate)} (${num(s.exchangeRatio.ci95[0])} to ${num(s.exchangeRatio.ci95[1])})` : ''),
      );
    } else {
      summary.push(`${who}: no points efficiency (${missing}).`);
    }
  }
  const ratios = sides.filter((s) => s.exchangeRatio).map((s) => `${shortName(s.acting.map((f) => names[f]!).join(' + '), 40)} ${num(s.exchangeRatio!.estimate)} (${num(s.exchangeRatio!.ci95[0])} to ${num(s.exchangeRatio!.ci95[1])})`);
  const subtitle = ['Enemy points destroyed per 100 points of the acting formation', ...(ratios.length ? [`Exchange ratio (points destroyed ÷ points lost): ${ratios.join('; ')}`] : [])];
  const definitions: string[] = [DEFINITIONS.per100];
  if (sides.some((s) => s.exchangeRatio)) definitions.push(DEFINITIONS.exchange);
  return {
    id: 'efficiency',
    title: 'Points efficiency',
    definitions,
    summary: [...summary, ...notes],
    tables: [{ name: 'efficiency', columns: EFFICIENCY_COLUMNS, rows }],
    charts: bars.length > 0
      ? [{ name: 'efficiency', spec: barChart(bars, { title: 'Points efficiency', subtitle, axisTitle: 'Points destroyed per 100 points spent (points)', format: '.1f' }, ctx) }]
      : [],
  };
}
