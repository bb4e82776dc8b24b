import type { AuditResult } from '../audit/auditResult.js';
import { auditScatter } from '../charts/auditChart.js';
import type { ChartContext } from '../charts/frame.js';
import type { ReportSection } from '../report.js';

export const AUDIT_COLUMNS = ['army', 'formation', 'cost', 'war_engine', 'fair_cost', 'ci95_low', 'ci95_high', 'band_low', 'band_high', 'value_per_point', 'relative_to_list', 'list_fair_cost', 'verdict', 'reason', 'unsupported', 'kind', 'army_rules', 'outside_engagement', 'trials_per_meeting', 'trials'];
export const SKIPPED_COLUMNS = ['army', 'formation', 'cost', 'reason'];
export const VALIDATION_COLUMNS = ['measure', 'value', 'goal'];

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : 'n/a');

/** The validation figures as lines, each with the issue's target. */
export function validationLines(r: AuditResult): Array<[string, string, string]> {
  const v = r.validation;
  const scope = r.fittedHere ? ' (in part in-sample: see the held-out lists below)' : '';
  return [
    [`Spearman(cost, fair cost), pooled (${v.pooled.formations} ground formations)${scope}`, f2(v.pooled.spearman), '>= 0.85'],
    [`the same without war engines (${v.withoutWarEngines.formations})`, f2(v.withoutWarEngines.spearman), '>= 0.75'],
    [`the same, fully simulated formations only (${v.fullySimulated.formations})`, f2(v.fullySimulated.spearman), ''],
    ['fair cost within ±25% of cost', pct(v.pooled.within25), '>= 80%'],
    ['within-list CV of value per point (median; largest)', `${f2(v.listCvMedian)}; ${f2(v.listCvMax)}`, '<= 0.20'],
    ['offset between lists (largest list median ÷ smallest)', `${f2(v.listOffset)}x`, '<= 1.15x'],
    ['rank agreement of value per point with each alternative mix (smallest)', f2(v.mixAgreementMin), '>= 0.7'],
    ...v.halves.map((h, k): [string, string, string] => [
      `${r.fittedHere ? ['lists the weights were fitted on', 'held-out lists'][k] : `half ${'AB'[k]}`} (${h.lists.length}): Spearman; without WE; ±25%; list CV; offset`,
      `${f2(h.pooled.spearman)}; ${f2(h.withoutWarEngines.spearman)}; ${pct(h.pooled.within25)}; ${f2(h.listCvMedian)}; ${f2(h.listOffset)}x`,
      '',
    ]),
    ...(['aircraft', 'spacecraft'] as const).flatMap((kind): Array<[string, string, string]> => {
      const k = v[kind];
      if (k === undefined) return [];
      return [[`${kind} (${k.formations}), judged apart: Spearman; within ±25% of cost on its list's scale; median value per point ÷ the ground formations'`, `${f2(k.spearman)}; ${pct(k.withinList25)}; ${f2(k.relativeToGround)}`, '']];
    }),
  ];
}

/**
 * What sets the list offset apart: the three lowest and highest list medians
 * of value per point, each with the share of its audited formations that
 * carry rules the simulator does not model.
 */
export function offsetLines(r: AuditResult): string[] {
  const medians = Object.entries(r.validation.listMedians).sort((a, b) => a[1] - b[1]);
  const shown = medians.length <= 6 ? medians : [...medians.slice(0, 3), ...medians.slice(-3)];
  return shown.map(([army, m]) => {
    const rows = r.rows.filter((x) => x.army === army);
    const carrying = rows.filter((x) => x.unsupported.length > 0).length;
    return `${army}: median value per point ${m.toFixed(2)}; ${carrying} of its ${rows.length} formations carry rules not simulated`;
  });
}

export function auditSection(r: AuditResult, battle: string, ctx: ChartContext): ReportSection {
  const rows = [...r.rows].sort((a, b) => b.relativeToList - a.relativeToList);
  const flagged = rows.filter((x) => x.verdict !== 'fair');
  return {
    id: 'audit',
    title: 'Audit',
    definitions: [
      'Fair cost: the cost at which the formation destroys as much value per point as its opponents do, over the battle\'s mix of scenes (efficiency parity, docs/fair-cost.md).',
      'Band: the lowest and highest 95% interval bound of the fair cost over the battle\'s mix and every alternative mix.',
      'Value per point: fair cost ÷ cost; relative to list: that ÷ the median of its list.',
      'Verdict: under- or over-costed when the whole band, scaled to its list, lies outside the cost by more than the battle\'s margin; "unsupported-rules" when it would be flagged but carries rules the simulator does not model.',
    ],
    summary: [
      `${r.rows.length} formations audited, ${r.skipped.length} not (reasons in audit-skipped.csv); ${flagged.length} flagged.`,
      ...validationLines(r).map(([m, v, t]) => `${m}: ${v}${t ? ` (target ${t})` : ''}`),
      ...offsetLines(r).map((l) => `List offset: ${l}.`),
      ...flagged.filter((x) => x.verdict !== 'unsupported-rules').slice(0, 20).map((x) => `${x.verdict}: ${x.text} (${x.cost}): ${x.reason}`),
    ],
    tables: [
      {
        name: 'audit',
        columns: AUDIT_COLUMNS,
        rows: rows.flatMap((r) => [r, ...r.options]).map((x) => ({
          army: x.army,
          formation: x.text.slice(x.text.indexOf('/') + 1),
          cost: x.cost,
          war_engine: x.warEngine ? 1 : 0,
          fair_cost: x.fairCost.value,
          ci95_low: x.fairCost.ci95[0],
          ci95_high: x.fairCost.ci95[1],
          band_low: x.fairCost.band[0],
          band_high: x.fairCost.band[1],
          value_per_point: x.valuePerPoint,
          relative_to_list: x.relativeToList,
          list_fair_cost: x.listFairCost.value,
          verdict: x.verdict,
          reason: x.reason,
          unsupported: x.unsupported.join('; '),
          kind: x.kind,
          army_rules: x.armyRules.join('; '),
          outside_engagement: x.outsideEngagement.join('; '),
          trials_per_meeting: x.trialsPerMeeting,
          trials: x.trials,
        })),
      },
      { name: 'audit-skipped', columns: SKIPPED_COLUMNS, rows: r.skipped.map((s) => ({ army: s.army, formation: s.formation, cost: s.cost, reason: s.reason })) },
      { name: 'audit-validation', columns: VALIDATION_COLUMNS, rows: validationLines(r).map(([measure, value, goal]) => ({ measure, value, goal })) },
    ],
    charts: [
      {
        name: 'audit-scatter',
        spec: auditScatter(
          r.rows.map((x) => ({ list: x.army, formation: x.formation, cost: x.cost, fair_cost: x.fairCost.value, band_low: x.fairCost.band[0], band_high: x.fairCost.band[1], verdict: x.verdict })),
          battle,
          ctx,
        ),
      },
    ],
  };
}
