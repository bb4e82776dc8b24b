import type { CsvRow } from '../../../reports/csv.js';
import type { RunMeta, RunReport } from '../../../reports/report.js';
import { medianOf } from '../../../stats/medianOf.js';
import { spearmanCorrelation } from '../../../stats/spearmanCorrelation.js';
import type { ItemWorth, PolicyWorth, WorthResult } from '../run/worth/worthSweep.js';

/**
 * What `worth` prints and writes: under each policy the worths with their intervals and the fixed
 * point's course, each formation's range across the policies, then, apart, the judge: each
 * policy's worths against the stated costs (Spearman, the share within ±25%, each list's median
 * worth per point). The judge reads the costs after the valuation; nothing of it goes back.
 */

export interface JudgedWorth {
  list: string;
  text: string;
  worth: number;
  cost: number;
}

export interface WorthJudgement {
  formations: number;
  spearman: number;
  within25: number;
  /** Per list: its formations, Spearman within it, the median of worth ÷ cost. */
  lists: Array<{ list: string; formations: number; spearman: number; medianRatio: number }>;
  rows: JudgedWorth[];
}

/** The judge of one policy's worths. */
export type PolicyJudgement = WorthJudgement & { policy: string };

export function judgeWorths(items: readonly ItemWorth[], stated: ReadonlyMap<string, number>): WorthJudgement {
  const rows = items.flatMap((i) => {
    const cost = stated.get(i.text);
    return cost === undefined || cost <= 0 ? [] : [{ list: i.list, text: i.text, worth: i.worth, cost }];
  });
  const spearman = (r: readonly JudgedWorth[]) => (r.length < 3 ? Number.NaN : spearmanCorrelation(r.map((x) => x.cost), r.map((x) => x.worth)));
  const lists = [...new Set(rows.map((r) => r.list))].map((list) => {
    const of = rows.filter((r) => r.list === list);
    return { list, formations: of.length, spearman: spearman(of), medianRatio: medianOf(of.map((r) => r.worth / r.cost)) };
  });
  return { formations: rows.length, spearman: spearman(rows), within25: rows.length === 0 ? Number.NaN : rows.filter((r) => r.worth >= 0.75 * r.cost && r.worth <= 1.25 * r.cost).length / rows.length, lists, rows };
}

const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '-');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');

export function worthLines(
  run: { data: { id: string; version: string }; seed: string; points: number; armiesPerList: number; gamesPerCell: number; batch: number; policies: string[]; table: string; battle: string; sampler: string; gamePrices: string; exchanges: number; notMet: string[]; mergedPieces: number | null },
  rosters: ReadonlyArray<{ list: string; armies: string[][] }>,
  result: WorthResult,
  judged: readonly PolicyJudgement[],
  seconds: number | null,
): string[] {
  const out: string[] = [];
  out.push(`a formation's worth over a game: ${run.armiesPerList} random ${run.points}-point base arm${run.armiesPerList === 1 ? 'y' : 'ies'} per list, ${run.gamesPerCell} games per opposing army and policy for every army played (batches of ${run.batch})`);
  out.push(`rules netea; data ${run.data.id} ${run.data.version}; seed "${run.seed}"; table ${run.table}; policies ${run.policies.join(', ')} (each played by both players)`);
  out.push(`battle: ${run.battle}; armies: ${run.sampler}`);
  out.push(`the games price every formation at ${run.gamePrices}; no stated cost is read`);
  out.push(`${run.exchanges} exchanges${seconds === null ? `, merged from ${run.mergedPieces} pieces` : ` in ${seconds.toFixed(1)} s`}`);
  for (const n of run.notMet) out.push(`  ${n}`);
  const width = Math.max(20, ...result.range.map((i) => i.name.length));
  for (const p of result.byPolicy) out.push('', ...policyLines(p, width));
  if (result.byPolicy.length > 1) {
    out.push('', `worth across the policies (${result.byPolicy.map((p) => p.policy).join(', ')}): lowest to highest`);
    for (const r of result.range) out.push(`  ${r.name.padEnd(width)}  ${f0(r.low).padStart(5)} to ${f0(r.high).padStart(5)}`);
  }
  out.push('', 'the base armies:');
  rosters.forEach((r) => r.armies.forEach((a, k) => out.push(`  ${r.list} #${k + 1}: ${a.map((f) => f.slice(f.indexOf('/') + 1)).join(', ')}`)));
  for (const j of judged) {
    out.push('', `${j.policy}: judged against the stated costs (read after the valuation, never by it):`);
    out.push(`  ${j.formations} formations: Spearman ${f2(j.spearman)}, within ±25% ${Number.isFinite(j.within25) ? `${(100 * j.within25).toFixed(0)}%` : '-'}`);
    for (const l of j.lists) out.push(`  ${l.list}: ${l.formations} formations, Spearman ${f2(l.spearman)}, median worth ÷ cost ${f2(l.medianRatio)}`);
    for (const r of j.rows) out.push(`    ${r.text.padEnd(48)} cost ${String(r.cost).padStart(4)}  worth ${f0(r.worth).padStart(5)}  ${f2(r.worth / r.cost)}x`);
  }
  return out;
}

/** One policy's fixed point and worths. */
function policyLines(p: PolicyWorth, width: number): string[] {
  const fp = p.fixedPoint;
  const out = [`${p.policy}: fixed point in ${fp.iterations} iterations from equal worth, last largest move ${fp.lastMove.toPrecision(3)} points: ${fp.converged ? 'converged' : 'NOT converged'}${fp.degenerate.length > 0 ? ` (lists worth nothing: ${fp.degenerate.join(', ')})` : ''}`];
  out.push(`${p.policy}: worth (points, the base armies summing to the limit), its 95% interval, formations given up on each base army (t*; "no gain": X + f scored no more than X; "beyond": f alone scored at least X)`);
  for (const i of p.items) {
    const flags = i.bounds.map((b, k) => (b === 'none' ? i.shares[k]!.toFixed(2) : b === 'no-gain' ? 'no gain' : `beyond ${i.shares[k]}`)).join(', ');
    out.push(`  ${i.name.padEnd(width)}  ${f0(i.worth).padStart(5)}  [${f0(i.ci95[0])}, ${f0(i.ci95[1])}]  given up ${flags}${i.inBaseArmies ? '' : '  (asked for)'}`);
  }
  return out;
}

/**
 * The report folder: worth.csv (per policy the worth and interval of each formation and its shares
 * per base army; the range across policies; the stated cost beside, for the judge), worth.json.
 */
export function worthReport(result: WorthResult, judged: readonly PolicyJudgement[], json: unknown, meta: RunMeta): RunReport {
  const rows: CsvRow[] = [];
  for (const p of result.byPolicy) {
    for (const i of p.items) {
      rows.push({ army: i.list, formation: i.text, policy: p.policy, army_index: null, measure: 'worth', value: i.worth, ci95_low: i.ci95[0], ci95_high: i.ci95[1], note: i.inBaseArmies ? null : 'asked for' });
      i.shares.forEach((s, k) => rows.push({ army: i.list, formation: i.text, policy: p.policy, army_index: k + 1, measure: 'formations_given_up', value: s, ci95_low: null, ci95_high: null, note: i.bounds[k] === 'none' ? null : i.bounds[k]! }));
    }
  }
  for (const r of result.range) {
    rows.push({ army: r.list, formation: r.text, policy: null, army_index: null, measure: 'worth_lowest_policy', value: r.low, ci95_low: null, ci95_high: null, note: null });
    rows.push({ army: r.list, formation: r.text, policy: null, army_index: null, measure: 'worth_highest_policy', value: r.high, ci95_low: null, ci95_high: null, note: null });
  }
  for (const r of judged[0]?.rows ?? []) rows.push({ army: r.list, formation: r.text, policy: null, army_index: null, measure: 'stated_cost', value: r.cost, ci95_low: null, ci95_high: null, note: 'read by the judge only' });
  return {
    meta,
    sections: [
      {
        id: 'worth',
        title: 'A formation\'s worth over a game',
        definitions: [
          'Worth: the worth of the share of its base army a formation replaces at an unchanged score against the field; a fixed point over worths, each list\'s base armies summing to the points limit.',
          'Formations given up: t*, whole formations in the seed\'s drop order and the last in part (a mixture of the two armies).',
          'Policy: both players play it; each policy gives its own exchanges and worths, and the range across them is given, never an average hiding the choice.',
        ],
        summary: result.byPolicy.flatMap((p, k) => {
          const fp = p.fixedPoint;
          const j = judged[k]!;
          return [
            `${p.policy}: fixed point in ${fp.iterations} iterations, last largest move ${fp.lastMove.toPrecision(3)} points, ${fp.converged ? 'converged' : 'not converged'}.`,
            `${p.policy}: against the stated costs (read after the valuation): ${j.formations} formations, Spearman ${f2(j.spearman)}, within ±25% ${Number.isFinite(j.within25) ? `${(100 * j.within25).toFixed(0)}%` : '-'}.`,
          ];
        }),
        tables: [{ name: 'worth', columns: ['army', 'formation', 'policy', 'army_index', 'measure', 'value', 'ci95_low', 'ci95_high', 'note'], rows }],
        charts: [],
      },
    ],
    attachments: [{ name: 'worth.json', content: `${JSON.stringify(json, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n` }],
  };
}
