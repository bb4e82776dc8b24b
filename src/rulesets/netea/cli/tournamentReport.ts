import { barChart, type BarRow } from '../../../reports/charts/barChart.js';
import type { CsvRow } from '../../../reports/csv.js';
import { chartContext, type ReportSection, type RunMeta, type RunReport } from '../../../reports/report.js';

/** A score with its intervals, as the round robin gives it (game/tournament.ts Score). */
interface Scored {
  score: number;
  ci95: [number, number];
  games: number;
}

/** What `tournament --out` reports: the round robin's standings per policy, the armies, and its whole JSON result. */
export interface TournamentReportInput {
  lists: string[];
  policies: string[];
  /** standings[policy][list]: against the field, each own army against the field, and against each list. */
  standings: Array<Array<{ field: Scored | null; byArmy: number[]; against: Array<Scored | null> }>>;
  armies: Array<Array<{ index: number; points: number; formations: string[]; notFielded: string[] }>>;
  /** What the command prints with --json: written whole as tournament.json. */
  json: unknown;
}

const pct = (p: number) => `${(100 * p).toFixed(1)}%`;

/**
 * The report of a round robin (`tournament --out`): tournament.csv (each list's score against the
 * field and against each list, per policy, and each army's against the field),
 * tournament-armies.csv (every army played), the chart of the scores against the field with their
 * 95% intervals, one bar per policy, and tournament.json (the --json result). The manifest holds
 * the seed, the games per pair of armies (`trials`), the rule system, the data set and its version;
 * the summary the table and the policies.
 */
export function tournamentReport(input: TournamentReportInput, meta: RunMeta, summary: string[]): RunReport {
  const rows: CsvRow[] = [];
  const bars: BarRow[] = [];
  input.policies.forEach((policy, k) => {
    input.lists.forEach((army, i) => {
      const st = input.standings[k]![i]!;
      if (st.field !== null) {
        rows.push({ army, opponent_army: null, army_index: null, policy, measure: 'score_against_field', value: st.field.score, ci95_low: st.field.ci95[0], ci95_high: st.field.ci95[1], games: st.field.games });
        bars.push({ label: army, group: policy, value: st.field.score, ci95_low: st.field.ci95[0], ci95_high: st.field.ci95[1] });
      }
      st.byArmy.forEach((score, a) => {
        if (!Number.isNaN(score)) rows.push({ army, opponent_army: null, army_index: a + 1, policy, measure: 'army_score_against_field', value: score, ci95_low: null, ci95_high: null, games: null });
      });
      st.against.forEach((s, j) => {
        if (s !== null) rows.push({ army, opponent_army: input.lists[j]!, army_index: null, policy, measure: 'score_against_list', value: s.score, ci95_low: s.ci95[0], ci95_high: s.ci95[1], games: s.games });
      });
    });
  });
  const armies: CsvRow[] = input.lists.flatMap((army, i) =>
    input.armies[i]!.map((a) => ({ army, army_index: a.index + 1, roster: a.formations.join(' + '), measure: 'army_points', value: a.points, ci95_low: null, ci95_high: null, note: a.notFielded.length === 0 ? null : a.notFielded.join('; ') })),
  );
  // Best first, by the mean of the policies' scores.
  const order = [...input.lists].sort((a, b) => meanScore(input, b) - meanScore(input, a));
  bars.sort((a, b) => order.indexOf(a.label) - order.indexOf(b.label));
  const spreads = input.policies.map((p, k) => {
    const scores = input.standings[k]!.flatMap((s) => (s.field === null ? [] : [s.field.score]));
    return `${p}: ${pct(Math.min(...scores))} to ${pct(Math.max(...scores))}`;
  });
  const section: ReportSection = {
    id: 'tournament',
    title: 'The lists\' round robin',
    definitions: [
      'Score: wins and half the draws, per game.',
      'Against the field: the mean of the list\'s scores against each other list, each list weighing the same; its 95% interval counts the games, the armies as drawn.',
      'Against a list: the mean over every pair of their armies.',
      'Army score against the field: one of the list\'s random armies alone; the spread across them is how much another draw of armies would move the list\'s score.',
    ],
    summary: [...summary, `Spread of the scores against the field, per policy: ${spreads.join('; ')}.`],
    tables: [
      { name: 'tournament', columns: ['army', 'opponent_army', 'army_index', 'policy', 'measure', 'value', 'ci95_low', 'ci95_high', 'games'], rows },
      { name: 'tournament-armies', columns: ['army', 'army_index', 'roster', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'], rows: armies },
    ],
    charts: [
      {
        name: 'tournament',
        spec: barChart(bars, { title: 'Each list\'s score against the field', subtitle: 'wins and half the draws, 95% interval; one bar per policy (played by both players)', axisTitle: 'score against the field', format: '%', domain: [0, 1], reference: { value: 0.5, label: 'even' }, groupTitle: 'policy' }, chartContext(meta)),
      },
    ],
  };
  return { meta, sections: [section], attachments: [{ name: 'tournament.json', content: `${JSON.stringify(input.json, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2)}\n` }] };
}

function meanScore(input: TournamentReportInput, list: string): number {
  const i = input.lists.indexOf(list);
  const scores = input.standings.flatMap((s) => (s[i]!.field === null ? [] : [s[i]!.field!.score]));
  return scores.length === 0 ? -1 : scores.reduce((a, b) => a + b, 0) / scores.length;
}
