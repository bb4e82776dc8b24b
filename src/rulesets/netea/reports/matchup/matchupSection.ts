import { finishChart, shortName, type ChartContext, type VlSpec } from '../../../../reports/charts/frame.js';
import type { CsvRow } from '../../../../reports/csv.js';
import type { ReportSection } from '../../../../reports/report.js';
import type { Estimate } from './linearEstimate.js';
import type { LossHistogram } from './lossHistogram.js';
import type { FieldResult, MatchupResult, MatchupSide, PairRow, UnmetPair } from './matchupResult.js';

/**
 * The report folder of `matchup`: the pairs as a heat map and CSV, each list's formations and
 * the lists' totals; of `matchup --field`, the ranking of my formations against the field.
 */

export const MATCHUP_DEFINITIONS = [
  'Points destroyed per 100 points: the enemy points a formation destroys in its meeting, ×100 ÷ its own points (a loss counts broken formations and Blast markers by the battle\'s credits).',
  'Net per 100 points: points destroyed less points lost, per 100 points of the acting formation.',
  'A list\'s points destroyed per 100 points: each of its formations meets one enemy formation, each enemy formation with the weight of its share of the enemy\'s points (docs/rosters.md, "Matchups").',
  'Lost per 100 points of the list: what a formation loses when the enemy\'s formations act, per 100 points of its whole list; over the list these add up to the list\'s points lost per 100.',
  'Losses per trial (matchup-losses.csv): in a side\'s own meetings, each drawn as its figures weigh them, the probability that the acting formation loses, or destroys, points in each 25-point bin in one trial.',
];

/** Row and column labels: place, name and points, unique even when a list fields a formation twice. */
export const formationLabels = (side: MatchupSide) => side.formations.map((f, i) => `${i + 1}. ${shortName(f.name, 36)} (${f.points})`);

const est = (e: Estimate) => ({ value: e.mean, ci95_low: e.ci95[0], ci95_high: e.ci95[1] });

function pairRows(mine: MatchupSide, theirs: MatchupSide, pairs: Array<PairRow | UnmetPair>): CsvRow[] {
  return pairs.flatMap((p): CsvRow[] => {
    const who = { formation: mine.formations[p.mine]!.name, formation_points: mine.formations[p.mine]!.points, target: theirs.formations[p.theirs]!.name, target_points: theirs.formations[p.theirs]!.points };
    if (!p.met) return [{ ...who, measure: 'not_met', value: null, ci95_low: null, ci95_high: null, note: p.why }];
    return [
      { ...who, measure: 'points_destroyed_per_100', ...est(p.destroyedPer100) },
      { ...who, measure: 'target_points_destroyed_per_100', ...est(p.theirDestroyedPer100) },
      { ...who, measure: 'net_points_per_100', ...est(p.netPer100) },
      { ...who, measure: 'share_lost', ...est(p.shareLost) },
      { ...who, measure: 'target_share_lost', ...est(p.theirShareLost) },
    ];
  });
}

export const PAIR_COLUMNS = ['formation', 'formation_points', 'target', 'target_points', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'];
const FORMATION_COLUMNS = ['list', 'formation', 'formation_points', 'measure', 'value', 'ci95_low', 'ci95_high'];
const LIST_COLUMNS = ['list', 'army', 'points', 'measure', 'value', 'ci95_low', 'ci95_high'];
const LOSS_COLUMNS = ['acting', 'measure', 'points_from', 'points_to', 'probability'];

/**
 * matchup-losses.csv: in each side's own meetings, the probability that the acting formation loses
 * (points_lost) or destroys (points_destroyed) points in [points_from, points_to) in a trial.
 */
function lossRows(h: { binPoints: number } & Partial<Record<'mine' | 'theirs', LossHistogram>>): CsvRow[] {
  return (['mine', 'theirs'] as const).flatMap((acting) => {
    const side = h[acting];
    if (side === undefined) return [];
    const rows = (measure: string, p: number[]) => p.map((probability, b): CsvRow => ({ acting, measure, points_from: b * h.binPoints, points_to: (b + 1) * h.binPoints, probability }));
    return [...rows('points_lost', side.lost), ...rows('points_destroyed', side.destroyed)];
  });
}

function heatmap(mine: MatchupSide, theirs: MatchupSide, pairs: Array<PairRow | UnmetPair>, battle: string, ctx: ChartContext): VlSpec {
  const rows = formationLabels(mine);
  const cols = formationLabels(theirs);
  const cells = pairs.filter((p): p is PairRow => p.met).map((p) => ({ formation: rows[p.mine]!, target: cols[p.theirs]!, net: p.netPer100.mean, low: p.netPer100.ci95[0], high: p.netPer100.ci95[1], destroyed: p.destroyedPer100.mean, lost: p.shareLost.mean }));
  const body: VlSpec = {
    data: { values: cells },
    width: { step: 34 },
    height: { step: 26 },
    encoding: {
      x: { field: 'target', type: 'nominal', sort: cols, title: `${theirs.name} (${theirs.army.name})`, axis: { orient: 'top', labelAngle: -45, labelAlign: 'left', labelLimit: 240 } },
      y: { field: 'formation', type: 'nominal', sort: rows, title: `${mine.name} (${mine.army.name})`, axis: { labelLimit: 260 } },
    },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          color: { field: 'net', type: 'quantitative', title: ['Net points', 'per 100 points'], scale: { scheme: 'redblue', domainMid: 0 } },
          tooltip: [{ field: 'formation' }, { field: 'target' }, { field: 'net', title: 'net per 100', format: '.1f' }, { field: 'low', title: '95% low', format: '.1f' }, { field: 'high', title: '95% high', format: '.1f' }, { field: 'destroyed', title: 'destroyed per 100', format: '.1f' }, { field: 'lost', title: 'share of it lost', format: '.0%' }],
        },
      },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'net', type: 'quantitative', format: '.0f' } } },
    ],
  };
  return finishChart(body, `Matchup: ${mine.name} against ${theirs.name}`, `Points destroyed less points lost per 100 points of the row formation, one copy against one copy over the scenes of the ${battle} battle; blue: the row formation comes out ahead.`, ctx);
}

const fmt = (e: Estimate, digits = 1) => `${e.mean.toFixed(digits)} [${e.ci95[0].toFixed(digits)}, ${e.ci95[1].toFixed(digits)}]`;

export function matchupSection(r: MatchupResult, battle: string, trials: number, ctx: ChartContext): ReportSection {
  const formationRows = (['mine', 'theirs'] as const).flatMap((which) => {
    const side = r[which];
    return r.formations[which].flatMap((f): CsvRow[] => {
      const who = { list: which, formation: f.name, formation_points: f.points };
      const loss = r.losses[which][f.index]!;
      return [
        { ...who, measure: 'points_destroyed_per_100', ...est(f.destroyedPer100) },
        { ...who, measure: 'points_lost_per_100', ...est(f.lostPer100) },
        { ...who, measure: 'net_points_per_100', ...est(f.netPer100) },
        { ...who, measure: 'lost_per_100_of_list', ...est(loss.lostPer100OfList) },
        { ...who, measure: 'share_of_list_losses', value: loss.share, ci95_low: null, ci95_high: null },
      ].map((row) => ({ ...row, formation: `${f.index + 1}. ${side.formations[f.index]!.name}` }));
    });
  });
  const listRows = (['mine', 'theirs'] as const).flatMap((which): CsvRow[] => [
    { list: which, army: r[which].army.id, points: r[which].points, measure: 'points_destroyed_per_100', ...est(r.lists[which].destroyedPer100) },
    { list: which, army: r[which].army.id, points: r[which].points, measure: 'points_lost_per_100', ...est(r.lists[which].lostPer100) },
  ]);
  return {
    id: 'matchup',
    title: `Matchup: ${r.mine.name} against ${r.theirs.name}`,
    definitions: MATCHUP_DEFINITIONS,
    summary: [
      `${r.mine.name} (${r.mine.army.name}, ${r.mine.points} points simulated) destroys ${fmt(r.lists.mine.destroyedPer100)} points per 100 of its points; ${r.theirs.name} (${r.theirs.army.name}, ${r.theirs.points}) destroys ${fmt(r.lists.theirs.destroyedPer100)}.`,
      `${r.mine.formations.length} × ${r.theirs.formations.length} formations, ${r.meetings.toLocaleString('en')} meetings of ${trials.toLocaleString('en')} trials in the ${battle} battle.`,
    ],
    tables: [
      { name: 'matchup', columns: PAIR_COLUMNS, rows: pairRows(r.mine, r.theirs, r.pairs) },
      { name: 'matchup-formations', columns: FORMATION_COLUMNS, rows: formationRows },
      { name: 'matchup-lists', columns: LIST_COLUMNS, rows: listRows },
      { name: 'matchup-losses', columns: LOSS_COLUMNS, rows: lossRows(r.lossHistogram) },
    ],
    charts: [{ name: 'matchup', spec: heatmap(r.mine, r.theirs, r.pairs, battle, ctx) }],
  };
}

export function fieldSection(r: FieldResult, battle: string, trials: number, ctx: ChartContext): ReportSection {
  const field: MatchupSide = { name: r.field.source, file: r.field.source, army: { id: 'field', name: 'field' }, points: 0, formations: r.field.formations, unsimulated: [] };
  const ranking = r.ranking.flatMap((f): CsvRow[] => {
    const who = { list: 'mine', formation: `${f.index + 1}. ${f.name}`, formation_points: f.points };
    return [
      { ...who, measure: 'net_points_per_100', ...est(f.netPer100) },
      { ...who, measure: 'points_destroyed_per_100', ...est(f.destroyedPer100) },
      { ...who, measure: 'points_lost_per_100', ...est(f.lostPer100) },
      { ...who, measure: 'share_of_list_points', value: f.shareOfList, ci95_low: null, ci95_high: null },
    ];
  });
  return {
    id: 'matchup-field',
    title: `${r.mine.name} against the field`,
    definitions: MATCHUP_DEFINITIONS,
    summary: [
      `${r.mine.name} (${r.mine.army.name}, ${r.mine.points} points simulated) against ${r.field.source}: ${fmt(r.list.destroyedPer100)} points destroyed and ${fmt(r.list.lostPer100)} lost per 100 of its points.`,
      `${r.mine.formations.length} × ${r.field.formations.length} formations, ${r.meetings.toLocaleString('en')} meetings of ${trials.toLocaleString('en')} trials in the ${battle} battle.`,
    ],
    tables: [
      { name: 'matchup-field', columns: FORMATION_COLUMNS, rows: ranking },
      { name: 'matchup', columns: PAIR_COLUMNS, rows: pairRows(r.mine, field, r.pairs) },
      { name: 'matchup-losses', columns: LOSS_COLUMNS, rows: lossRows(r.lossHistogram) },
    ],
    charts: [{ name: 'matchup', spec: heatmap(r.mine, field, r.pairs, battle, ctx) }],
  };
}
