import type { NeteaVariant } from './script.js';
import { outcomeAt, probability, type Mean, type Probability } from '../../../../src/reports/aggregate.js';
import type { SimulationResult } from '../../../../src/run/simulate.js';

/**
 * The headline of a script or a comparison: each formation's outcome at the
 * end of the script and who won the assault, one column per variant, and
 * for two variants their difference. Both ran on the same dice (common random
 * numbers), so the difference is the change's, not luck between two runs;
 * its bound is the sum of the two 95% half-widths, which holds whatever the
 * correlation between them (it is wider than an interval that measured the
 * correlation, never narrower).
 */

type Estimate = { value: number; ci: [number, number] };

interface Row {
  label: string;
  kind: 'p' | 'mean';
  cells: Estimate[];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (kind: Row['kind'], x: number) => (kind === 'p' ? `${(100 * x).toFixed(1)}%` : x.toFixed(2));
/** A difference with its sign; one that rounds to zero has none (no "−0.00"). */
function signed(kind: Row['kind'], x: number): string {
  const size = kind === 'p' ? (100 * Math.abs(x)).toFixed(1) : Math.abs(x).toFixed(2);
  const sign = Number(size) === 0 ? '' : x > 0 ? '+' : '−';
  return `${sign}${size}${kind === 'p' ? ' pts' : ''}`;
}
const p = (x: Probability): Estimate => ({ value: x.p, ci: x.ci95 });
const m = (x: Mean): Estimate => ({ value: x.mean, ci: x.ci95 });

function rows(variants: NeteaVariant[], results: SimulationResult[]): Array<{ caption: string; rows: Row[] }> {
  const first = variants[0]!;
  const tables: Array<{ caption: string; rows: Row[] }> = [];
  const assault: Row[] = [];
  results[0]!.layout.records.forEach((rec, k) => {
    if (!rec.assault) return;
    const cells = (index: (a: NonNullable<typeof rec.assault>) => number) => results.map((r) => p(probability(r.tally[index(r.layout.records[k]!.assault!)]!, r.trials)));
    assault.push({ label: 'P(attacker wins)', kind: 'p', cells: cells((a) => a.attackerWins) }, { label: 'P(defender wins)', kind: 'p', cells: cells((a) => a.defenderWins) });
  });
  if (assault.length > 0) tables.push({ caption: 'Assault', rows: assault });
  first.spec.formations.forEach((f, i) => {
    const outs = results.map((r) => outcomeAt(r.tally, r.layout, r.layout.records.length - 1, i));
    const names = variants.map((v) => v.spec.formations[i]!.formation.name);
    const caption = `${f.side === 0 ? 'Side A' : 'Side B'}, ${f.id}: ${[...new Set(names)].join(' / ')}`;
    tables.push({
      caption,
      rows: [
        { label: 'Units destroyed (mean)', kind: 'mean', cells: outs.map((o) => m(o.unitsKilled)) },
        { label: 'P(broken)', kind: 'p', cells: outs.map((o) => p(o.broken)) },
        { label: 'P(destroyed)', kind: 'p', cells: outs.map((o) => p(o.destroyed)) },
        { label: 'Points lost (mean)', kind: 'mean', cells: outs.map((o) => m(o.pointsLost)) },
      ],
    });
  });
  return tables;
}

/** The headline tables as HTML: Estimate and interval for one variant; A, B and B − A for two. */
export function experimentHeadline(variants: NeteaVariant[], results: SimulationResult[]): string {
  const two = variants.length === 2;
  const head = two
    ? '<th scope="col">A</th><th scope="col">B</th><th scope="col">B − A (95% bound)</th>'
    : '<th scope="col">Estimate</th><th scope="col">95% interval</th>';
  return rows(variants, results)
    .map((t) => {
      const body = t.rows
        .map((r) => {
          const cell = (e: Estimate) => (two ? `<td>${fmt(r.kind, e.value)}<br><small>${fmt(r.kind, e.ci[0])} – ${fmt(r.kind, e.ci[1])}</small></td>` : `<td>${fmt(r.kind, e.value)}</td><td>${fmt(r.kind, e.ci[0])} – ${fmt(r.kind, e.ci[1])}</td>`);
          let html = `<tr><th scope="row">${esc(r.label)}</th>${r.cells.map(cell).join('')}`;
          if (two) {
            const [a, b] = r.cells as [Estimate, Estimate];
            const bound = (a.ci[1] - a.ci[0]) / 2 + (b.ci[1] - b.ci[0]) / 2;
            html += `<td class="diff">${signed(r.kind, b.value - a.value)}<br><small>± ${r.kind === 'p' ? `${(100 * bound).toFixed(1)} pts` : bound.toFixed(2)}</small></td>`;
          }
          return `${html}</tr>`;
        })
        .join('');
      return `<table><caption>${esc(t.caption)}</caption><thead><tr><th scope="col">Measure</th>${head}</tr></thead><tbody>${body}</tbody></table>`;
    })
    .join('');
}
