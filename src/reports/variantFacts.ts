import type { Dataset } from '../model/dataset.js';
import type { AnyVariant } from '../scenarios/registry.js';
import { armyFormationName } from '../model/formation.js';
import type { Army } from '../model/schema.js';
import { outcomeJson } from './oneStepJson.js';
import { outcomeAt, probability, type Mean } from './aggregate.js';
import type { BarRow } from './charts/barChart.js';
import { shortName } from './charts/frame.js';
import type { CsvRow } from './csv.js';
import { pctInterval } from './format.js';
import { breakChance, breakChanceByTurn } from './metrics/breakChance.js';
import { pointsEfficiency } from './metrics/pointsEfficiency.js';
import { engagedFormations, formationNames } from './sections/names.js';
import type { SimulationResult } from '../run/simulate.js';

/**
 * The facts `epic-balance run` reports for one variant of a script
 * experiment (summary lines, comparison CSV rows and bars, and its part of
 * `run --json`), as a pure function: run.ts and the playground (site/) both
 * use it, so the page's JSON for a script or a comparison is the command
 * line's. Moved here from run.ts unchanged.
 */

/** One line of a summary before its group: what, the value, its 95% interval. */
export interface FactRow {
  what: string;
  value: string;
  ci: string;
}

const fix = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '∞');
const meanCi = (m: Mean, d = 1) => `${fix(m.ci95[0], d)} to ${fix(m.ci95[1], d)}`;

/** The headline facts of one variant: summary lines, comparison CSV rows and bars, JSON. */
export function variantFacts(v: AnyVariant, r: SimulationResult, data: Dataset) {
  const spec = v.spec;
  const names = formationNames(spec);
  const short = shortNames(spec, data);
  const layout = r.layout;
  const last = layout.records.length - 1;
  const summary: FactRow[] = [];
  const csv: CsvRow[] = [];
  const efficiencyBars: BarRow[] = [];
  const brokenBars: BarRow[] = [];
  const winBars: BarRow[] = [];
  const multiTurn = new Set(layout.records.map((x) => x.turn)).size > 1;
  // Break chance: after every turn when there are several, else at the end.
  const engaged = new Set(engagedFormations(spec));
  const points = breakChance(r.tally, layout);
  const byTurn = breakChanceByTurn(points);
  // Broken and destroyed are exclusive (a wiped-out formation counts as destroyed), so they add up.
  const out = (record: number, f: number) => {
    const L = layout.records[record]!.formations[f]!;
    return probability(r.tally[L.broken]! + r.tally[L.destroyed]!, r.trials);
  };
  const breakJson: Array<Record<string, unknown>> = [];
  for (const f of [...engaged].sort((a, b) => a - b)) {
    const rows = multiTurn ? byTurn.filter((q) => q.formation === f) : points.filter((q) => q.formation === f && q.record === last);
    for (const q of rows) {
      const gone = out(q.record, f);
      summary.push({ what: `${short[f]} broken or destroyed${multiTurn ? `, turn ${q.turn}` : ''}`, ...pctInterval(gone) });
      breakJson.push({ formation: f, turn: q.turn, broken: q.broken, destroyed: q.destroyed, brokenOrDestroyed: gone });
    }
    const end = points.find((q) => q.formation === f && q.record === last)!;
    const gone = out(last, f);
    const row = { formation: names[f]!, side: spec.formations[f]!.side };
    csv.push({ ...row, measure: 'p_broken', value: end.broken.p, ci95_low: end.broken.ci95[0], ci95_high: end.broken.ci95[1] });
    csv.push({ ...row, measure: 'p_destroyed', value: end.destroyed.p, ci95_low: end.destroyed.ci95[0], ci95_high: end.destroyed.ci95[1] });
    csv.push({ ...row, measure: 'p_broken_or_destroyed', value: gone.p, ci95_low: gone.ci95[0], ci95_high: gone.ci95[1] });
    brokenBars.push({ label: '', group: short[f]!, value: gone.p, ci95_low: gone.ci95[0], ci95_high: gone.ci95[1] });
  }
  // Assaults: who wins each one.
  const assaults: Array<Record<string, unknown>> = [];
  layout.records.forEach((rec) => {
    const A = rec.assault;
    const step = spec.steps[rec.step];
    if (!A || !step || step.kind !== 'assault') return;
    const n = r.trials;
    const wins = probability(r.tally[A.attackerWins]!, n);
    const losses = probability(r.tally[A.defenderWins]!, n);
    const fought = probability(r.tally[A.fought]!, n);
    const attacker = step.by.map((f) => short[f]).join(' + ');
    const when = multiTurn ? ` (turn ${rec.turn})` : '';
    summary.push({ what: `${attacker} wins its assault${when}`, ...pctInterval(wins) });
    csv.push({ formation: step.by.map((f) => names[f]).join(' + '), side: spec.formations[step.by[0]!]!.side, measure: 'p_attacker_wins', value: wins.p, ci95_low: wins.ci95[0], ci95_high: wins.ci95[1], note: multiTurn ? `turn ${rec.turn}` : null });
    winBars.push({ label: '', group: `${attacker} wins${when}`, value: wins.p, ci95_low: wins.ci95[0], ci95_high: wins.ci95[1] });
    assaults.push({ label: rec.label, turn: rec.turn, attacker, fought, attackerWins: wins, defenderWins: losses });
  });
  // Points efficiency of each acting side, and the exchange ratio.
  const sides = pointsEfficiency(spec, r.tally, layout);
  const efficiency: Array<Record<string, unknown>> = [];
  for (const s of sides) {
    const who = s.acting.map((f) => short[f]).join(' + ');
    const full = s.acting.map((f) => names[f]).join(' + ');
    if (s.per100) {
      summary.push({ what: `${who}: points destroyed per 100 points`, value: fix(s.per100.mean), ci: meanCi(s.per100) });
      csv.push({ formations: full, side: s.side, measure: 'points_destroyed_per_100', value: s.per100.mean, ci95_low: s.per100.ci95[0], ci95_high: s.per100.ci95[1] });
      efficiencyBars.push({ label: '', group: who, value: s.per100.mean, ci95_low: s.per100.ci95[0], ci95_high: s.per100.ci95[1] });
    }
    if (s.exchangeRatio) {
      const e = s.exchangeRatio;
      summary.push({ what: `${who}: exchange ratio`, value: fix(e.estimate, 2), ci: `${fix(e.ci95[0], 2)} to ${fix(e.ci95[1], 2)}` });
      csv.push({ formations: full, side: s.side, measure: 'exchange_ratio', value: e.estimate, ci95_low: e.ci95[0], ci95_high: e.ci95[1], note: e.covariance === 'measured' ? 'Fieller, measured covariance' : 'Fieller, covariance bounded (conservative)' });
    }
    efficiency.push({ side: s.side, formations: full, points: s.points, pointsDestroyed: s.pointsDestroyed, per100: s.per100, pointsLost: s.pointsLost, exchangeRatio: s.exchangeRatio });
  }
  const formations = spec.formations.map((f, i) => ({ id: f.id, name: names[i], side: f.side, points: f.formation.points, outcome: outcomeJson(outcomeAt(r.tally, layout, last, i)) }));
  return { summary, csv, efficiency: efficiencyBars, broken: brokenBars, wins: winBars, json: { formations, breakChance: breakJson, assaults, efficiency } };
}

/**
 * A formation's name without its army's: the list's own name of the formation where the army's
 * name and the formation's share words ("Steel Legion Infantry Company" of "Armageddon Steel
 * Legion Infantry Company"), else what follows the army's name ("Tactical", "Warband").
 */
function withoutArmyName(name: string, army: Army): string {
  const listed = army.formations.map((x) => ({ own: x.name, full: armyFormationName(army.name, x.name) })).find((x) => name === x.full || name.startsWith(`${x.full} + `));
  if (listed !== undefined) return listed.own + name.slice(listed.full.length);
  return name.startsWith(`${army.name} `) ? name.slice(army.name.length + 1) : name;
}

/** Formation names without their army's name ("Tactical", "Warband"), with the script id when two match. */
export function shortNames(spec: AnyVariant['spec'], data: Dataset): string[] {
  const names = spec.formations.map((f) => {
    const army = f.formation.armyId ? data.armies.get(f.formation.armyId) : undefined;
    return shortName(army ? withoutArmyName(f.formation.name, army) : f.formation.name, 40);
  });
  return names.map((n, i) => (names.filter((m) => m === n).length > 1 ? `${n} (${spec.formations[i]!.id})` : n));
}
