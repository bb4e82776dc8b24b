import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { SimulationResult } from '../../run/simulate.js';
import { breakChart, type BreakChartRow } from '../charts/breakChart.js';
import { shortName, type ChartContext } from '../charts/frame.js';
import { formationOutcome } from '../aggregate.js';
import type { CsvRow } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { breakChance } from '../metrics/breakChance.js';
import { pct, pctInterval } from '../format.js';
import type { ReportSection } from '../report.js';
import { engagedFormations, formationNames } from './names.js';

/** A short name for a step on the chart's axis (the full label is in the CSV and tooltips). */
function stepWord(spec: ScenarioSpec, step: number): string {
  const s = spec.steps[step];
  switch (s?.kind) {
    case 'shoot':
      return 'shooting';
    case 'assault':
      return 'assault';
    case 'action-test':
      return 'action test';
    case 'end-phase':
      return 'end phase';
    case 'end-turn':
      return 'end of turn';
    default:
      return shortName(s?.label ?? 'step', 20);
  }
}

export const OUTCOME_COLUMNS = ['step', 'turn', 'end_of_turn', 'step_label', 'formation', 'side', 'measure', 'value', 'ci95_low', 'ci95_high'];


/**
 * Break chance after every step and turn, with the other per-step outcomes of
 * every formation: outcomes.csv (long: one measure per row) and a chart of
 * P(broken) and P(destroyed) over the script.
 */
export function breakSection(spec: ScenarioSpec, result: SimulationResult, ctx: ChartContext): ReportSection {
  const names = formationNames(spec);
  const points = breakChance(result.tally, result.layout);
  const rows: CsvRow[] = [];
  const chartRows: BreakChartRow[] = [];
  const summary: string[] = [];
  const lastRecord = result.layout.records.length - 1;
  // The chart shows the formations that are shot at or assault; the CSV has every formation.
  const chartFormations = new Set(engagedFormations(spec));
  for (const p of points) {
    const key = { step: p.record + 1, turn: p.turn, end_of_turn: p.endOfTurn, step_label: p.label, formation: names[p.formation]!, side: spec.formations[p.formation]!.side };
    const o = formationOutcome(result.tally, result.layout.records[p.record]!.formations[p.formation]!);
    const measures: Array<[string, { value: number; ci95: [number, number] }]> = [
      ['p_broken', { value: p.broken.p, ci95: p.broken.ci95 }],
      ['p_destroyed', { value: p.destroyed.p, ci95: p.destroyed.ci95 }],
      ['units_destroyed_mean', { value: o.unitsKilled.mean, ci95: o.unitsKilled.ci95 }],
      ['blast_markers_mean', { value: p.blastMarkers.mean, ci95: p.blastMarkers.ci95 }],
      ['blast_markers_placed_mean', { value: o.blastMarkersPlaced.mean, ci95: o.blastMarkersPlaced.ci95 }],
      ['points_lost_mean', { value: o.pointsLost.mean, ci95: o.pointsLost.ci95 }],
      ['war_engine_damage_mean', { value: o.warEngineDamage.mean, ci95: o.warEngineDamage.ci95 }],
    ];
    for (const [measure, v] of measures) rows.push({ ...key, measure, value: v.value, ci95_low: v.ci95[0], ci95_high: v.ci95[1] });
    const stepName = `${p.record + 1}. T${p.turn} ${stepWord(spec, p.step)}`;
    for (const [measure, v] of chartFormations.has(p.formation) ? measures.slice(0, 2) : []) {
      chartRows.push({ step_name: stepName, step: p.record + 1, step_label: p.label, formation: names[p.formation]!, measure, value: v.value, ci95_low: v.ci95[0], ci95_high: v.ci95[1] });
    }
    if (p.record === lastRecord) {
      const broken = pctInterval(p.broken);
      summary.push(`${names[p.formation]}: P(broken) ${broken.value} (${broken.ci}), P(destroyed) ${pct(p.destroyed.p)} at the end`);
    }
  }
  const turns = new Set(points.map((p) => p.turn)).size;
  return {
    id: 'break',
    title: 'Break chance',
    definitions: [DEFINITIONS.broken, DEFINITIONS.destroyed],
    summary,
    tables: [{ name: 'outcomes', columns: OUTCOME_COLUMNS, rows }],
    charts: [{ name: 'break', spec: breakChart(
          chartRows,
          'Break chance',
          result.layout.records.length === 1
            ? `After ${result.layout.records[0]!.label}`
            : `After each of ${result.layout.records.length} steps over ${turns} turn${turns === 1 ? '' : 's'}; the last step of a turn gives the value after that turn`,
          ctx,
        ) }],
  };
}
