import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { SimulationResult } from '../../run/simulate.js';
import { killChart, type KillChartRow } from '../charts/killChart.js';
import type { ChartContext } from '../charts/frame.js';
import type { CsvRow, CsvTable } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { killProbability } from '../metrics/killProbability.js';
import { pctInterval } from '../format.js';
import type { ReportSection } from '../report.js';
import { engagedFormations, formationNames } from './names.js';

export const KILL_COLUMNS = ['step', 'turn', 'step_label', 'formation', 'side', 'units', 'k', 'measure', 'value', 'ci95_low', 'ci95_high'];


/**
 * Kill probability of every engaged formation: kill.csv with the distribution
 * and the "at least k" curve after every step; the chart after the last step.
 */
export function killSection(spec: ScenarioSpec, result: SimulationResult, ctx: ChartContext): ReportSection {
  const names = formationNames(spec);
  const engaged = engagedFormations(spec);
  const rows: CsvRow[] = [];
  const summary: string[] = [];
  const last = result.layout.records.length - 1;
  const chartRows: KillChartRow[] = [];
  const hasWarEngines = spec.formations.map((f) => f.formation.units.some((u) => u.unit.type === 'WE' || u.unit.type === 'AC/WE'));
  result.layout.records.forEach((rec, r) => {
    for (const f of engaged) {
      const kp = killProbability(result.tally, rec.formations[f]!);
      const key = { step: r + 1, turn: rec.turn, step_label: rec.label, formation: names[f]!, side: spec.formations[f]!.side, units: kp.units };
      for (const row of kp.rows) {
        for (const [measure, p] of [['p_exactly_k', row.exactly], ['p_at_least_k', row.atLeast]] as const) {
          const out = { ...key, k: row.k, measure, value: p.p, ci95_low: p.ci95[0], ci95_high: p.ci95[1] };
          rows.push(out);
          if (r === last) chartRows.push({ formation: names[f]!, k: row.k, measure, value: p.p, ci95_low: p.ci95[0], ci95_high: p.ci95[1] });
        }
      }
      rows.push({ ...key, k: null, measure: 'p_destroyed', value: kp.destroyed.p, ci95_low: kp.destroyed.ci95[0], ci95_high: kp.destroyed.ci95[1] });
      rows.push({ ...key, k: null, measure: 'units_destroyed_mean', value: kp.unitsKilled.mean, ci95_low: kp.unitsKilled.ci95[0], ci95_high: kp.unitsKilled.ci95[1] });
      if (hasWarEngines[f]) {
        rows.push({ ...key, k: null, measure: 'war_engine_damage_mean', value: kp.warEngineDamage.mean, ci95_low: kp.warEngineDamage.ci95[0], ci95_high: kp.warEngineDamage.ci95[1] });
      }
      if (r === last) {
        const destroyed = pctInterval(kp.destroyed);
        summary.push(
          `${names[f]}: ${kp.unitsKilled.mean.toFixed(2)} of ${kp.units} units destroyed on average; P(destroyed) ${destroyed.value} (${destroyed.ci})` +
            (hasWarEngines[f] ? `; war-engine damage ${kp.warEngineDamage.mean.toFixed(2)} points` : ''),
        );
      }
    }
  });
  const table: CsvTable = { name: 'kill', columns: KILL_COLUMNS, rows };
  const lastLabel = result.layout.records[last]?.label ?? '';
  return {
    id: 'kill',
    title: 'Kill probability',
    definitions: [DEFINITIONS.killDistribution, DEFINITIONS.killAtLeast, DEFINITIONS.destroyed, DEFINITIONS.warEngineDamage],
    summary,
    tables: [table],
    charts: engaged.length > 0 ? [{ name: 'kill', spec: killChart(chartRows, 'Kill probability: units destroyed', `After step ${last + 1} (${lastLabel})`, ctx) }] : [],
  };
}
