import { barChart } from '../charts/barChart.js';
import { shortName, type ChartContext } from '../charts/frame.js';
import type { CsvRow } from '../csv.js';
import type { FormationValue } from '../value/formationValue.js';

export const BATTLE_VALUE_COLUMNS = ['formation', 'metric', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'];
export const BATTLE_OPPONENT_COLUMNS = ['formation', 'opponent', 'opponent_points', 'measure', 'value', 'ci95_low', 'ci95_high'];

const pts = (x: number) => (Number.isFinite(x) ? String(Math.round(x)) : 'unbounded');

export const EXCHANGE_CAVEAT = 'Exchange parity divides by the points the formation loses, which can be near zero, and grows with the square of a formation\'s size (a doubled formation comes out at about four times the cost): use it to compare formations of similar size only.';

/** "Warhound: costs 250, fair 352 (348 to 356), efficiency parity in the reference v1 battle". */
export function battleValueHeadline(v: FormationValue, battle: string): string {
  const cost = v.cost !== null ? `costs ${v.cost}` : `no army-list cost (run at a nominal ${v.runCost})`;
  return `${v.formation}: ${cost}, fair ${pts(v.fairCost.estimate)} (95% interval ${pts(v.fairCost.ci95[0])} to ${pts(v.fairCost.ci95[1])}), ${v.metric} parity in the ${battle} battle`;
}

/** The lines under the headline: the band over the alternative mixes, the verdict, what dominates. */
export function battleValueLines(v: FormationValue, margin: number): string[] {
  const alternatives = v.alternatives.filter((a) => a.changes !== false);
  const over = alternatives.length === 0 ? 'its interval (no alternative mix reweighs the scenes it plays)' : `the battle's mix and ${alternatives.length} alternatives (${alternatives.map((a) => `${a.mix} ${pts(a.estimate)}`).join(', ')})`;
  const lines = [`sensitivity band ${pts(v.fairCost.band[0])} to ${pts(v.fairCost.band[1])} over ${over}`];
  if (v.verdict !== null) lines.push(`verdict: ${v.verdict} (flagged only when the whole band lies more than ${Math.round(100 * margin)}% from the cost)`);
  if (v.dominatedBy !== null) lines.push(`note: ${v.dominatedBy}: the fair cost rests mostly on them`);
  if (v.kind === 'spacecraft') lines.push('spacecraft: it acts once and cannot be attacked, so its cost counts as spent by that attack, and it is fair when the attack destroys its cost (exchange parity; docs/fair-cost.md)');
  else if (v.metric === 'exchange') lines.push(`caveat: ${EXCHANGE_CAVEAT}`);
  return lines;
}

export function battleValueSection(v: FormationValue, battle: string, margin: number, ctx: ChartContext) {
  const rows: CsvRow[] = [
    ...(v.cost !== null ? [{ formation: v.formation, metric: null, measure: 'current_cost', value: v.cost, ci95_low: null, ci95_high: null, note: null }] : []),
    { formation: v.formation, metric: v.metric, measure: 'fair_cost', value: v.fairCost.estimate, ci95_low: v.fairCost.ci95[0], ci95_high: v.fairCost.ci95[1], note: null },
    { formation: v.formation, metric: v.metric, measure: 'sensitivity_band', value: null, ci95_low: v.fairCost.band[0], ci95_high: v.fairCost.band[1], note: 'lowest and highest interval bound over every mix' },
    ...v.alternatives.map((a) => ({ formation: v.formation, metric: v.metric, measure: 'fair_cost_alternative', value: a.estimate, ci95_low: a.ci95[0], ci95_high: a.ci95[1], note: `mix ${a.mix}` })),
  ];
  const opponents: CsvRow[] = v.opponents.flatMap((o) => [
    { formation: v.formation, opponent: o.opponent, opponent_points: o.points, measure: 'fair_cost_against', value: o.fairCost.estimate, ci95_low: o.fairCost.ci95[0], ci95_high: o.fairCost.ci95[1] },
    { formation: v.formation, opponent: o.opponent, opponent_points: o.points, measure: 'share_of_destroyed', value: o.destroyedShare, ci95_low: null, ci95_high: null },
    { formation: v.formation, opponent: o.opponent, opponent_points: o.points, measure: 'share_of_lost', value: o.lostShare, ci95_low: null, ci95_high: null },
  ]);
  const bars = [
    { label: 'battle mix', group: 'fair cost', value: v.fairCost.estimate, ci95_low: v.fairCost.ci95[0], ci95_high: v.fairCost.ci95[1] },
    ...v.alternatives.map((a) => ({ label: a.mix, group: 'fair cost', value: a.estimate, ci95_low: a.ci95[0], ci95_high: Number.isFinite(a.ci95[1]) ? a.ci95[1] : a.estimate })),
  ].filter((b) => Number.isFinite(b.value));
  return {
    id: 'fair-cost',
    title: 'Fair cost',
    definitions: [
      'Fair cost (efficiency parity): the cost at which the formation destroys as much value per point of its cost as its opponents destroy per point of theirs, over the battle\'s scenes and field (docs/fair-cost.md).',
      'Value destroyed or lost: points of units destroyed, plus half the remaining points of a broken formation, plus a quarter of a unit\'s share per Blast marker on an unbroken one (the battle file\'s credits).',
      'Sensitivity band: the lowest and highest 95% interval bound over the battle\'s mix and its alternative mixes.',
    ],
    summary: [battleValueHeadline(v, battle), ...battleValueLines(v, margin)],
    tables: [
      { name: 'fair-cost', columns: BATTLE_VALUE_COLUMNS, rows },
      { name: 'fair-cost-opponents', columns: BATTLE_OPPONENT_COLUMNS, rows: opponents },
    ],
    charts: [
      {
        name: 'fair-cost',
        spec: barChart(bars, { title: `Fair cost of ${shortName(v.formation, 60)} under each mix`, subtitle: `${battle} battle; the line is its cost`, axisTitle: 'fair cost (points)', format: '.0f', ...(v.cost !== null ? { reference: { value: v.cost, label: `cost ${v.cost}` } } : {}) }, ctx),
      },
    ],
  };
}
