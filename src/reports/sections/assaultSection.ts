import type { ScenarioSpec } from '../../scenarios/registry.js';
import type { SimulationResult } from '../../run/simulate.js';
import { barChart, type BarRow } from '../charts/barChart.js';
import { shortName, type ChartContext } from '../charts/frame.js';
import type { Probability } from '../aggregate.js';
import type { CsvRow } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { assaultOutcomes } from '../metrics/assaultOutcome.js';
import { pct, pctInterval } from '../format.js';
import type { ReportSection } from '../report.js';
import { formationNames } from './names.js';

export const ASSAULT_COLUMNS = ['step', 'turn', 'step_label', 'formation', 'role', 'measure', 'value', 'ci95_low', 'ci95_high'];


/** Assault win / break / destroyed for both sides of every assault step; null when the script has none. */
export function assaultSection(spec: ScenarioSpec, result: SimulationResult, ctx: ChartContext): ReportSection | null {
  const outcomes = assaultOutcomes(spec, result.tally, result.layout);
  if (outcomes.length === 0) return null;
  const names = formationNames(spec);
  const rows: CsvRow[] = [];
  const bars: BarRow[] = [];
  const summary: string[] = [];
  const sides: string[] = [];
  for (const a of outcomes) {
    const key = { step: a.record + 1, turn: a.turn, step_label: a.label };
    const panel = `${a.record + 1}. ${shortName(a.label, 60)}`;
    const add = (formation: string | null, role: string | null, measure: string, p: Probability, label: string | null) => {
      rows.push({ ...key, formation, role, measure, value: p.p, ci95_low: p.ci95[0], ci95_high: p.ci95[1] });
      if (label) bars.push({ label, group: 'probability', value: p.p, ci95_low: p.ci95[0], ci95_high: p.ci95[1], panel });
    };
    add(null, null, 'p_fought', a.fought, null);
    add(null, null, 'p_attacker_wins', a.attackerWins, 'Attacker wins');
    add(null, null, 'p_defender_wins', a.defenderWins, 'Defender wins');
    add(null, null, 'p_no_result', a.noResult, 'No result');
    rows.push({ ...key, formation: null, role: null, measure: 'rounds_mean', value: a.rounds.mean, ci95_low: a.rounds.ci95[0], ci95_high: a.rounds.ci95[1] });
    for (const f of a.formations) {
      // "Attacker broken"; with several formations on a side, their names too.
      const several = a.formations.filter((g) => g.role === f.role).length > 1;
      const role = f.role === 'attacker' ? 'Attacker' : 'Defender';
      const who = several ? ` (${shortName(names[f.formation]!, 40)})` : '';
      add(names[f.formation]!, f.role, 'p_broken', f.broken, `${role}${who} broken`);
      add(names[f.formation]!, f.role, 'p_destroyed', f.destroyed, `${role}${who} destroyed`);
    }
    sides.push(`${outcomes.length > 1 ? `${a.record + 1}. ` : ''}Attacker: ${a.formations.filter((g) => g.role === 'attacker').map((g) => names[g.formation]).join(' + ')}; defender: ${a.formations.filter((g) => g.role === 'defender').map((g) => names[g.formation]).join(' + ')}`);
    const wins = pctInterval(a.attackerWins);
    summary.push(`${a.label}: attacker wins ${wins.value} (${wins.ci}), defender wins ${pct(a.defenderWins.p)}, no result ${pct(a.noResult.p)}`);
  }
  return {
    id: 'assault',
    title: 'Assault outcome',
    definitions: [DEFINITIONS.assault],
    summary,
    tables: [{ name: 'assault', columns: ASSAULT_COLUMNS, rows }],
    charts: [{ name: 'assault', spec: barChart(bars, { title: 'Assault outcome', subtitle: ['Who wins, and who is broken or destroyed after the assault', ...sides], axisTitle: 'Probability (%)', format: '%', domain: [0, 1] }, ctx) }],
  };
}
